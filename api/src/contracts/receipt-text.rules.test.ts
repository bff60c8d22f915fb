import { describe, expect, it } from '@jest/globals';

import { backorderText, notShippedQuestion, receivedEventText } from './receipt-text.rules.js';

describe('notShippedQuestion', () => {
  it('names the units not shipped and says which the supplier backordered', () => {
    expect(notShippedQuestion([{ title: 'Nitrile gloves M', quantity: 2, backordered: 2 }])).toBe(
      '2 × Nitrile gloves M were not shipped yet (backordered). Receive them too?',
    );
    expect(notShippedQuestion([{ title: 'Gauze pads', quantity: 1, backordered: 0 }])).toBe(
      '1 × Gauze pads was not shipped yet. Receive them too?',
    );
    expect(
      notShippedQuestion([
        { title: 'Nitrile gloves M', quantity: 2, backordered: 2 },
        { title: 'Gauze pads', quantity: 3, backordered: 0 },
        { title: 'Syringes 5 ml', quantity: 4, backordered: 1 },
      ]),
    ).toBe(
      '2 × Nitrile gloves M (backordered), 3 × Gauze pads and 4 × Syringes 5 ml (backordered) were not shipped yet. Receive them too?',
    );
    expect(notShippedQuestion([])).toBe('');
  });
});

describe('backorderText', () => {
  it('says the backordered units are expected while they are, and received once they were', () => {
    expect(backorderText({ quantity: 2, outstanding: 2 }, 'Gloves', 'Dec 12, 2026')).toBe(
      '2 × Gloves backordered, expected Dec 12, 2026',
    );
    expect(backorderText({ quantity: 2, outstanding: 0 }, 'Gloves', 'Dec 12, 2026')).toBe(
      '2 × Gloves backordered, since received',
    );
    expect(backorderText({ quantity: 3, outstanding: 1 }, 'Gloves', null)).toBe(
      '3 × Gloves backordered: 2 since received, 1 still backordered',
    );
  });
});

describe('receivedEventText', () => {
  it('names the quantities and titles received', () => {
    const titles: Record<number, string> = { 1: 'Nitrile gloves M', 2: 'Gauze pads' };
    expect(
      receivedEventText(
        [
          { line_number: 1, quantity: 3 },
          { line_number: 2, quantity: 1 },
        ],
        (line) => titles[line]!,
      ),
    ).toBe('Received 3 × Nitrile gloves M, 1 × Gauze pads');
    expect(receivedEventText([], () => '')).toBe('Received');
  });
});
