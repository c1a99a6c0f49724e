// What this page knows of friends: the followed players and where they play, the open
// challenges to and from this account, its settings, and the last answer to one of its
// challenges. The client hands every server message here first (`friendsMessage`); the
// friends' own messages stop here, answers to the friends' requests are noted on the way.

import type { Client } from '../client';
import type { Challenge, ChallengeOutcome, ClientMsg, FriendSettings, Followed, ServerMsg } from '../generated/protocol';

export type Answered = { challenge: Challenge; outcome: ChallengeOutcome; table?: number };

export type FriendsState = {
  following: Followed[];
  challenges: Challenge[];
  settings: FriendSettings | null;
  /** The last answer to a challenge of this account, until dismissed. */
  answered: Answered | null;
};

export const friends: FriendsState = { following: [], challenges: [], settings: null, answered: null };

/** Requests waiting for their answer: what to do with the ack (true) or the refusal's text. */
const waiting = new Map<number, (ok: boolean, text?: string) => void>();

/** Sends a friends request; `done` hears whether it was carried out (and the refusal's text). */
export function request(client: Client, msg: ClientMsg, done?: (ok: boolean, text?: string) => void): void {
  const id = client.send(msg);
  if (done) waiting.set(id, done);
}

/** Takes in a server message: `true` if it was one of the friends' own (nothing else takes it). */
export function friendsMessage(client: Client, msg: ServerMsg): boolean {
  switch (msg.type) {
    case 'welcome':
      // An account asks for its list at once (challenges may have come while it was away).
      if (client.account) client.send({ type: 'friends' });
      return false;
    case 'ack':
      waiting.get(msg.id)?.(true);
      waiting.delete(msg.id);
      return false;
    case 'error':
      if (msg.id !== undefined && waiting.has(msg.id)) {
        waiting.get(msg.id)?.(false, msg.text);
        waiting.delete(msg.id);
      }
      return false;
    case 'friends':
      friends.following = msg.following;
      friends.challenges = msg.challenges;
      friends.settings = msg.settings;
      return true;
    case 'challenge_received':
      friends.challenges = [...friends.challenges.filter((c) => c.id !== msg.challenge.id), msg.challenge];
      return true;
    case 'challenge_answered':
      friends.challenges = friends.challenges.filter((c) => c.id !== msg.challenge.id);
      // The challenger is told; the challenged player answered it themselves.
      if (msg.challenge.from === client.name) friends.answered = { challenge: msg.challenge, outcome: msg.outcome, table: msg.table };
      // Accepted: both go to the new table, where both hold a seat.
      if (msg.outcome === 'accepted' && msg.table !== undefined) {
        if (typeof window !== 'undefined' && window.location.pathname !== '/') {
          // A page of its own (a profile): the room's page opens at the table, and its hello
          // resumes the seat.
          window.location.assign(`/#/table/${msg.table}`);
        } else {
          client.pendingOpen = true;
          client.send({ type: 'join', table: msg.table, role: 'player' });
        }
      }
      return true;
    default:
      return false;
  }
}

/** The answer shown is dismissed. */
export function dismissAnswered(): void {
  friends.answered = null;
}

/** Challenges to `me` (to answer) and from `me` (waiting), each oldest first. */
export function split(challenges: Challenge[], me: string): { incoming: Challenge[]; outgoing: Challenge[] } {
  return {
    incoming: challenges.filter((c) => c.to === me),
    outgoing: challenges.filter((c) => c.from === me),
  };
}

/** A challenge's pace and whether it is rated, as its options say. */
export function terms(c: { options: Record<string, string | undefined> }): { pace: string; rated: boolean } {
  return { pace: c.options.pace ?? 'realtime', rated: c.options.rated !== 'no' };
}
