import { describe, expect, it } from 'vitest';
import { mentionedIn } from './notes.rules.ts';

const maria = { id: 'm', fullName: 'Maria Lopez' };
const mariana = { id: 'n', fullName: 'Mariana Diaz' };
const jo = { id: 'j', fullName: 'Jo' };

describe('mentionedIn', () => {
  it('finds a first name or a full name after @, in any case', () => {
    expect(mentionedIn('@maria can you check?', [maria, mariana])).toEqual([maria]);
    expect(mentionedIn('Ask @Maria Lopez first', [maria])).toEqual([maria]);
    expect(mentionedIn('@MARIANA and @jo.', [maria, mariana, jo])).toEqual([mariana, jo]);
  });

  it('ignores a name without @, inside a longer word, or in an e-mail address', () => {
    expect(mentionedIn('Maria will do it', [maria])).toEqual([]);
    expect(mentionedIn('@Mariana', [maria])).toEqual([]);
    expect(mentionedIn('write to jo@jo.com', [jo])).toEqual([]);
  });

  it('names each person once', () => {
    expect(mentionedIn('@Maria @maria @Maria Lopez', [maria])).toEqual([maria]);
  });
});
