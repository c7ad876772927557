import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_NAME } from './site-name.ts';

describe('the site name', () => {
  it('is the name content/company.yaml gives the firm', () => {
    const yaml = fs.readFileSync(new URL('../../../content/company.yaml', import.meta.url), 'utf8');
    expect(/^name:\s*(.+?)\s*$/m.exec(yaml)?.[1]).toBe(SITE_NAME);
  });
});
