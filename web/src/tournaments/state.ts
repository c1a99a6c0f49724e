// What this page knows of tournaments between fetches: how often each one changed (the pages
// showing it fetch it again), and the last table a tournament seated this player at. The client
// hands every server message here (`tournamentMessage`); the tournaments' own stop here.

import type { Client } from '../client';
import type { ServerMsg } from '../generated/protocol';

export type Seated = Extract<ServerMsg, { type: 'tournament_table' }>;

export const tournaments: {
  /** By tournament: how many `tournament_changed` came (0 for none); `all` counts every one. */
  changes: Record<number, number>;
  all: number;
  /** The last `tournament_table`, until dismissed: a notice says where the player plays. */
  seated: Seated | null;
} = { changes: {}, all: 0, seated: null };

/** Takes in a server message: `true` if it was a tournament's (nothing else takes it). */
export function tournamentMessage(client: Client, msg: ServerMsg): boolean {
  switch (msg.type) {
    case 'tournament_changed':
      tournaments.changes[msg.tournament] = (tournaments.changes[msg.tournament] ?? 0) + 1;
      tournaments.all += 1;
      return true;
    case 'tournament_table':
      tournaments.seated = msg;
      tournaments.changes[msg.tournament] = (tournaments.changes[msg.tournament] ?? 0) + 1;
      tournaments.all += 1;
      takeSeat(client, msg.table);
      return true;
    default:
      return false;
  }
}

/** The player sits down at the tournament's table at once (their seat is held there). */
function takeSeat(client: Client, table: number) {
  const page = typeof window === 'undefined' ? null : window.location;
  if (page && page.pathname !== '/') {
    // A page of its own (a profile): the room's page opens at the table, and its hello
    // resumes the seat.
    window.location.assign(`/#/table/${table}`);
    return;
  }
  if (client.state.tables[table]) {
    if (page) page.hash = `#/table/${table}`;
    return;
  }
  client.pendingOpen = true;
  client.send({ type: 'join', table, role: 'player' });
}

export function dismissSeated(): void {
  tournaments.seated = null;
}
