// Astro's content collections over ../content. The schemas and file patterns
// are defined once in content.schema.ts, which the build's content check
// (portal-api/src/site/content-check.ts) reads too.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import type { z } from 'astro/zod';
import { CONTENT_COLLECTIONS } from './content.schema.ts';

const fromFiles = <S extends z.ZodType>({ base, pattern, schema }: { base: string; pattern: string; schema: S }) =>
  defineCollection({ loader: glob({ pattern, base }), schema });

const { company, navigation, home, testimonials, about, contact, templates, services, trades, legal } = CONTENT_COLLECTIONS;

export const collections = {
  company: fromFiles(company),
  navigation: fromFiles(navigation),
  home: fromFiles(home),
  testimonials: fromFiles(testimonials),
  about: fromFiles(about),
  contact: fromFiles(contact),
  templates: fromFiles(templates),
  services: fromFiles(services),
  trades: fromFiles(trades),
  legal: fromFiles(legal),
};
