import { describe, expect, it } from 'vitest';
import { lotAmenities, lotHours, lotRules } from './lot-json';

describe('lot JSON fields (spec 3)', () => {
  it('reads well-formed objects', () => {
    expect(lotAmenities({ amenitiesJson: '{"accessible":true}' })).toEqual({ accessible: true });
    expect(lotRules({ rulesJson: '{"maxDuration":4}' })).toEqual({ maxDuration: 4 });
  });

  it('treats unparsable, empty or non-object JSON as empty', () => {
    expect(lotAmenities({ amenitiesJson: '{oops' })).toEqual({});
    expect(lotHours({ hoursJson: null })).toEqual({});
    expect(lotRules({ rulesJson: '[1,2]' })).toEqual({});
    expect(lotRules({ rulesJson: 'null' })).toEqual({});
  });
});
