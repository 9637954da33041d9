import { describe, expect, it } from 'vitest';
import { choiceParam, flagParam, patternParam, textParam } from './search-params';

describe('search param readers', () => {
  it('keep what a link gets right and drop the rest', () => {
    expect(textParam('  Makati  ')).toBe('Makati');
    expect(textParam('   ')).toBe('');
    expect(textParam('x'.repeat(101), 100)).toBeUndefined();
    expect(textParam(42)).toBeUndefined();
    expect(patternParam('2026-11', /^\d{4}-\d{2}$/)).toBe('2026-11');
    expect(patternParam('November', /^\d{4}-\d{2}$/)).toBeUndefined();
    expect(choiceParam('past', ['upcoming', 'past'] as const)).toBe('past');
    expect(choiceParam('later', ['upcoming', 'past'] as const)).toBeUndefined();
    expect(choiceParam('4', [1, 2, 4] as const)).toBe(4);
    expect(choiceParam(4, [1, 2, 4] as const)).toBe(4);
    expect(choiceParam('', [0, 1] as const)).toBeUndefined();
    expect(choiceParam(3, [1, 2, 4] as const)).toBeUndefined();
    expect(flagParam(true)).toBe(true);
    expect(flagParam('yes')).toBeUndefined();
  });
});
