import { describe, expect, it } from 'vitest';
import type { Client } from '../client';
import type { Challenge, ClientMsg } from '../generated/protocol';
import { friends, friendsMessage, request, split, terms } from './state';

/** A client that keeps what it was asked to send. */
function fakeClient(account: string | null) {
  const sent: ClientMsg[] = [];
  const client = {
    account,
    name: account ?? 'Guest',
    pendingOpen: false,
    send: (m: ClientMsg) => sent.push(m),
  };
  return { client: client as unknown as Client & { pendingOpen: boolean }, sent };
}

const challenge: Challenge = {
  id: 'c1',
  from: 'Ann',
  to: 'Cem',
  game: 'classic',
  options: { pace: '1d', rated: 'no' },
  expires_ms: 0,
};

describe('friends on the page', () => {
  it('asks for the list once an account is welcomed, not as a guest', () => {
    const account = fakeClient('Ann');
    const welcome = { type: 'welcome', protocol: 1, player: 'p', name: 'Ann', token: 't', lang: 'en', seated: [], games: [] } as const;
    expect(friendsMessage(account.client, welcome)).toBe(false);
    expect(account.sent).toEqual([{ type: 'friends' }]);
    const guest = fakeClient(null);
    friendsMessage(guest.client, welcome);
    expect(guest.sent).toEqual([]);
  });

  it('keeps a challenge received until it is answered, and goes to the table of an accepted one', () => {
    const { client, sent } = fakeClient('Cem');
    expect(friendsMessage(client, { type: 'challenge_received', challenge })).toBe(true);
    expect(split(friends.challenges, 'Cem').incoming).toEqual([challenge]);
    expect(split(friends.challenges, 'Ann').outgoing).toEqual([challenge]);
    friendsMessage(client, { type: 'challenge_answered', challenge, outcome: 'accepted', table: 7 });
    expect(friends.challenges).toEqual([]);
    expect(friends.answered, 'Cem answered it himself').toBe(null);
    expect(sent).toEqual([{ type: 'join', table: 7, role: 'player' }]);
    expect(client.pendingOpen).toBe(true);
  });

  it('the challenger hears of a decline, and goes nowhere', () => {
    const { client, sent } = fakeClient('Ann');
    friendsMessage(client, { type: 'challenge_answered', challenge, outcome: 'declined' });
    expect(friends.answered?.outcome).toBe('declined');
    expect(sent).toEqual([]);
  });

  it("hands a request's refusal to whoever sent it", () => {
    const { client } = fakeClient('Ann');
    let ids = 0;
    (client as unknown as { send: () => number }).send = () => ++ids;
    const said: Array<[boolean, string | undefined]> = [];
    request(client, { type: 'follow', name: 'Ann' }, (ok, text) => said.push([ok, text]));
    friendsMessage(client, { type: 'error', id: 1, code: 'bad_command', key: 'follow_self', text: 'You cannot follow yourself.' });
    request(client, { type: 'follow', name: 'Bea' }, (ok, text) => said.push([ok, text]));
    friendsMessage(client, { type: 'ack', id: 2 });
    expect(said).toEqual([
      [false, 'You cannot follow yourself.'],
      [true, undefined],
    ]);
  });

  it('reads pace and rating from the options', () => {
    expect(terms(challenge)).toEqual({ pace: '1d', rated: false });
    expect(terms({ options: {} })).toEqual({ pace: 'realtime', rated: true });
  });
});
