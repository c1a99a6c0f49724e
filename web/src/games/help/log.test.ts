import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import { dealEndLine } from './dealend';
import { logLines, sinceMine } from './log';

const en = tFor('en');
const de = tFor('de');
const names = ['Ann', 'Bob', 'Cy', 'Dan'];

describe('what happened at a HELP! table between your turns', () => {
  it('tells each play, and which card a helper handed over', () => {
    const events = [
      { type: 'laid', seat: 1, card: { card: 7, value: 7 }, at: 2, row: [] },
      { type: 'zapped', seat: 2, removed: { card: 7, value: 7 }, row: [] },
      { type: 'help_asked', asker: 0, asked: 2, passed_over: [] },
      { type: 'card_passed', from: 2, to: 0, card: 'joker' },
      { type: 'helped', from: 2, to: 0 },
      { type: 'chosen', seat: 1 },
    ];
    expect(logLines(en, events, names, 0)).toEqual(['Bob lays 7 (counts 7)', 'Cy zaps the 7', 'You ask Cy for help', 'Cy gives you the Joker']);
    // Your own plays are told as yours, in both languages.
    expect(logLines(en, events, names, 1)[0]).toBe('You lay 7 (counts 7)');
    expect(logLines(de, events, names, 2)[1]).toBe('Du zappst die 7');
    expect(logLines(en, events, names, 2)).toContain('Ann asks you for help');
    expect(logLines(en, events, names, 1)).toContain('Ann asks Cy for help');
    // Someone else sees that a card was handed over, not which.
    expect(logLines(en, events.slice(4), names, 1)).toEqual(['Cy hands Ann a card']);
  });

  it('tells who begins a deal', () => {
    const events = [
      { type: 'deal_started', deal: 2, direction: 'counterclockwise', draw_pile: 89, hand_size: 4 },
      { type: 'called', calls: [], starter: 3, by_lot: false },
    ];
    expect(logLines(en, events, names, 0)).toEqual(['Deal 2 begins', 'Dan has the lowest number and begins']);
    expect(logLines(de, events, names, 0)).toEqual(['Runde 2 beginnt', 'Dan hat die niedrigste Zahl und beginnt']);
  });

  it('keeps your own request for help in "since your last turn" until you play', () => {
    const events = [
      { type: 'laid', seat: 0, card: { card: 3, value: 3 }, at: 0, row: [] },
      { type: 'laid', seat: 1, card: { card: 11, value: 11 }, at: 1, row: [] },
      { type: 'help_asked', asker: 0, asked: 2, passed_over: [] },
      { type: 'card_passed', from: 2, to: 0, card: 'zap' },
      { type: 'helped', from: 2, to: 0 },
      { type: 'gave_back', from: 0, to: 2 },
      { type: 'card_returned', from: 0, to: 2, card: 5 },
    ];
    expect(logLines(en, sinceMine(events, 0), names, 0)).toEqual(['Bob lays 11 (counts 11)', 'You ask Cy for help', 'Cy gives you the Zap', 'You give Cy the 5 back']);
    // The helper's last move is handing over the card: after it, the give-back.
    expect(logLines(en, sinceMine(events, 2), names, 2)).toEqual(['Ann gives you the 5 back']);
    expect(sinceMine(events, null)).toHaveLength(events.length);
    // The opening card of the next deal, laid for the starter by the rules, is not a move of theirs.
    const next = [
      { type: 'help_asked', asker: 1, asked: 0, passed_over: [] },
      { type: 'deal_ended', result: { deal: 1, end: { type: 'no_help', asker: 1, asked: 0 }, points: [0, 0, 1, 1] }, totals: [0, 0, 1, 1] },
      { type: 'deal_started', deal: 2, direction: 'counterclockwise', draw_pile: 89, hand_size: 4 },
      { type: 'called', calls: [], starter: 0, by_lot: false },
      { type: 'laid', seat: 0, card: { card: 1, value: 1 }, at: 0, row: [] },
    ];
    expect(logLines(en, sinceMine(next, 0), names, 0)[1]).toBe('You hold no card that helps Bob: the deal is over — Cy and Dan score 1 point each.');
  });

  it('a deal that ends says who could not help whom, who scores with the unit, in both languages', () => {
    const ended = {
      type: 'deal_ended',
      result: { deal: 2, end: { type: 'no_help', asker: 1, asked: 0 }, points: [0, 0, 1, 1] },
      totals: [1, 0, 2, 1],
    };
    // 002 "Ende eines Durchgangs": everyone else scores, not the two.
    expect(logLines(en, [ended], names, 3)).toEqual(['Ann could not help Bob: the deal is over — Cy and you score 1 point each.']);
    expect(logLines(en, [ended], names, null)).toEqual(['Ann could not help Bob: the deal is over — Cy and Dan score 1 point each.']);
    expect(logLines(de, [ended], names, null)).toEqual(['Ann konnte Bob nicht helfen: die Runde ist vorbei — Cy und Dan bekommen je 1 Punkt.']);
    // The one asked who could not help is told so.
    expect(logLines(en, [ended], names, 0)).toEqual(['You hold no card that helps Bob: the deal is over — Cy and Dan score 1 point each.']);
    expect(logLines(de, [ended], names, 1)).toEqual(['Ann konnte dir nicht helfen: die Runde ist vorbei — Cy und Dan bekommen je 1 Punkt.']);
    const three = { deal: 1, end: { type: 'no_help', asker: 3, asked: 2 } as const, points: [1, 1, 0, 0, 1] };
    expect(dealEndLine(en, three, [...names, 'Eve'], null)).toBe('Cy could not help Dan: the deal is over — Ann, Bob and Eve score 1 point each.');
    // Everybody else behind a No!: only the asker scores.
    const helpless = { deal: 1, end: { type: 'helpless', asker: 1 } as const, points: [0, 1, 0, 0] };
    expect(dealEndLine(en, helpless, names, null)).toBe('Bob could play nothing and everybody else has a No!: the deal is over — Bob scores 1 point.');
    expect(dealEndLine(de, helpless, names, null)).toBe('Bob konnte nichts spielen und alle anderen haben ein No!: die Runde ist vorbei — Bob bekommt 1 Punkt.');
    expect(dealEndLine(de, helpless, names, 1)).toBe('Du konntest nichts spielen und alle anderen haben ein No!: die Runde ist vorbei — du bekommst 1 Punkt.');
  });
});
