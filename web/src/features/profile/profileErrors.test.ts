/** Server errors of the profile's mutations become localized messages, never the server's English. */
import { describe, expect, it } from 'vitest';
import { errorCode, genericProblem } from '../../forms/serverErrors';
import { inlineFieldProblem } from './fieldRules';

const bad = (field: string) => ({ message: `${field}: nope`, extensions: { code: 'BAD_USER_INPUT', field } });

describe('inlineFieldProblem', () => {
  it('says a username is taken', () => {
    expect(inlineFieldProblem('username', [{ message: 'username: taken', extensions: { code: 'USERNAME_TAKEN', field: 'username' } }], 'anna')).toEqual({
      id: 'profile.username.error.taken',
    });
  });
  it("explains BAD_USER_INPUT for the field with the browser's own rule when it finds the problem", () => {
    expect(inlineFieldProblem('phone', [bad('phone')], '12345')).toEqual({ id: 'profile.phone.error.format' });
    expect(inlineFieldProblem('telegram', [bad('telegram')], '@ab')).toEqual({ id: 'profile.field.error.tooShort', values: { min: 5 } });
  });
  it('falls back to "not accepted" when the value passes the browser check', () => {
    expect(inlineFieldProblem('bio', [bad('bio')], 'fine')).toEqual({ id: 'profile.field.error.rejected' });
  });
  it('ignores BAD_USER_INPUT about another field and reports other failures generically', () => {
    expect(inlineFieldProblem('phone', [bad('telegram')], '+14155550123')).toEqual({ id: 'profile.error.save' });
    expect(inlineFieldProblem('bio', [{ message: 'x' }], 'x')).toEqual({ id: 'profile.error.save' });
    expect(inlineFieldProblem('bio', [{ message: 'offline', extensions: { code: 'NETWORK' } }], 'x')).toEqual({ id: 'error.NETWORK' });
  });
});

describe('genericProblem and errorCode', () => {
  it('use the shared messages for the network and rate limits', () => {
    expect(genericProblem([{ extensions: { code: 'NETWORK' } }])).toEqual({ id: 'error.NETWORK' });
    expect(genericProblem([{ extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 120 } }])).not.toEqual({ id: 'profile.error.save' });
    expect(genericProblem([{ extensions: { code: 'INTERNAL_SERVER_ERROR' } }])).toEqual({ id: 'profile.error.save' });
  });
  it('read the first code', () => {
    expect(errorCode([{ message: 'x' }, { message: 'y', extensions: { code: 'WRONG_PASSWORD', field: 'confirmation' } }])).toBe('WRONG_PASSWORD');
    expect(errorCode([])).toBeNull();
  });
});
