import { describe, expect, it } from 'vitest';
import { invitedToJoin } from './companies.labels.ts';

describe("invitedToJoin (docs/product.md, 'Colleagues')", () => {
  it('names the company when it is not named after the inviter', () => {
    expect(invitedToJoin('Ana Ruiz', 'Ruiz Builders')).toBe('Ana Ruiz invited you to join Ruiz Builders');
  });

  it("says 'their team' for a company named after the inviter, whatever the case and spaces", () => {
    expect(invitedToJoin('Ana Ruiz', 'Ana Ruiz')).toBe('Ana Ruiz invited you to join their team');
    expect(invitedToJoin('Ana Ruiz', ' ana ruiz ')).toBe('Ana Ruiz invited you to join their team');
  });

  it("says 'their team' for a company without a name", () => {
    expect(invitedToJoin('Ana Ruiz', '')).toBe('Ana Ruiz invited you to join their team');
  });
});
