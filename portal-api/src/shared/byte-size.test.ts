import { describe, expect, it } from 'vitest';
import { formatBytes } from './byte-size.ts';

describe('formatBytes', () => {
  it('reads bytes, then KB, MB and GB with one decimal', () => {
    expect(formatBytes(930)).toBe('930 B');
    expect(formatBytes(12_698)).toBe('12.4 KB');
    expect(formatBytes(3 * 1024 ** 3 + 100 * 1024 ** 2)).toBe('3.1 GB');
  });

  it('gives a plan set the same size in the request form and in the workspace (1,572,880 B is 1.5 MB)', () => {
    expect(formatBytes(1_572_880)).toBe('1.5 MB');
  });

  it('drops the decimal of a whole number, so a limit reads 50 MB', () => {
    expect(formatBytes(50 * 1024 ** 2)).toBe('50 MB');
    expect(formatBytes(64 * 1024 ** 2)).toBe('64 MB');
    expect(formatBytes(2048)).toBe('2 KB');
  });

  it('moves up a unit rather than reading 1024', () => {
    expect(formatBytes(1024 ** 2 - 1)).toBe('1 MB');
    expect(formatBytes(1023)).toBe('1023 B');
  });
});
