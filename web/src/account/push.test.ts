import { describe, expect, it } from 'vitest';
import { keyBytes } from './push';

describe("the room's Web Push key", () => {
  it('reads as the bytes the browser takes (base64url without padding)', () => {
    // 0xfb 0xff 0xbf: "+/+/" in base64, "-_-_" in base64url.
    expect([...keyBytes('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...keyBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...keyBytes('AQ')]).toEqual([1]);
    // A P-256 public key: 65 bytes, the first 4 (uncompressed point).
    const key = keyBytes('BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });
});
