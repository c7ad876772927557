import { describe, expect, it } from 'vitest';
import { SendQuoteSchema } from './quotes.schema.ts';
import { formatCents, parsePriceToCents } from './quotes.rules.ts';

describe('quote prices', () => {
  it('turns USD amounts with at most two decimals into integer cents without floating point', () => {
    expect(parsePriceToCents('1250')).toBe(125000);
    expect(parsePriceToCents('1,250.5')).toBe(125050);
    expect(parsePriceToCents('$0.29')).toBe(29);
    expect(parsePriceToCents(19.99)).toBe(1999);
    expect(parsePriceToCents('10000000')).toBe(1_000_000_000);
    expect(parsePriceToCents('1,250,000.00')).toBe(125_000_000);
    expect(parsePriceToCents('$10,000,000')).toBe(1_000_000_000);
    // A comma is a thousands separator or a slip: a decimal comma must not make the price 100 times larger.
    for (const slip of ['12,50', '1,25', '1250,00', '1,2,5,0', ',1250', '1250,', '1,00,000', '1,250.5,0', '1,,250']) {
      expect(parsePriceToCents(slip), slip).toBeNull();
    }
    for (const bad of ['0', '0.00', '-1', '1.005', 'abc', '', '1e3', '10000000.01', null, undefined, Number.NaN, Infinity]) {
      expect(parsePriceToCents(bad), String(bad)).toBeNull();
    }
  });
  it('formats cents as US dollars', () => {
    expect(formatCents(125050)).toBe('$1,250.50');
  });
  it('defaults the turnarounds and asks rush to be faster', () => {
    expect(SendQuoteSchema.parse({ price: '100', rushPrice: '150' })).toMatchObject({
      price: 10000,
      standardHours: 48,
      rushPrice: 15000,
      currency: 'USD',
    });
    expect(SendQuoteSchema.safeParse({ price: '100', rushHours: 12 }).success).toBe(false);
    expect(SendQuoteSchema.safeParse({ price: '100', standardHours: 24, rushPrice: '150' }).success).toBe(false);
  });
});
