import type { ComponentType } from 'react';
import type { Workspace } from './api.ts';

/**
 * What every panel section receives. A section decides by `role` what it shows
 * (docs/architecture.md §7, "A workflow step") and returns null when it has nothing to say.
 */
export type SectionProps = { workspace: Workspace; role: 'admin' | 'client' };
export type Section = { id: string; title: string; Component: ComponentType<SectionProps> };
