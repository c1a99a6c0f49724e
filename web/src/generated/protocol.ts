// Generated from the Rust types by crates/nimmt-protocol/src/typescript.rs: do not edit.
// To regenerate: NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript

import type { GameDescriptor, GameKind, OptionMap, Seat } from './core';

/** The protocol version this client speaks (sent in `hello`). */
export const PROTOCOL_VERSION = 1;

/** Server → client. */
export type ServerMsg =
  | {
    "type": "welcome",
    /** Echoes the `hello`'s request id (`welcome` is its answer). */
    id?: number,
    protocol: number,
    player: string,
    name: string,
    token: string,
    lang: Lang,
    /** Tables where this identity holds a seat (each sends a `state` next). */
    seated: Array<number>,
    /**
     * Every game the room plays: name, seats, scoring sense and option schema, for lobby
     * forms and option help.
     */
    games: Array<GameDescriptor>,
    /**
     * A room on several servers: the WebSocket URLs of the other nodes, where a client
     * may reconnect if this one goes away. Empty (left out) for a single server.
     */
    nodes?: Array<string>,
  }
  | {
    "type": "tables",
    tables: Array<TableInfo>,
  }
  | {
    "type": "table_changed",
    table: TableInfo,
    closed?: boolean,
  }
  | {
    "type": "state",
    table: TableInfo,
    version: number,
    /** The client's role and seat at the table. */
    you: You,
    /**
     * The game as this client sees it (`Game::view` for its seat, or as a spectator);
     * absent before the start.
     */
    view?: unknown,
    /** The actions this client's seat may take now (empty when it is not asked). */
    legal?: unknown[],
    /**
     * When the table's timer decides for this client's seat (absent without a timer, or
     * when the seat is not asked).
     */
    deadline?: Deadline,
  }
  | {
    "type": "update",
    table: number,
    version: number,
    events: unknown[],
    view: unknown,
    /** The actions this client's seat may take now (empty when it is not asked). */
    legal?: unknown[],
    /** When the table's timer decides for this client's seat, as in `state`. */
    deadline?: Deadline,
    ack?: number,
  }
  | {
    "type": "recent",
    table: number,
    version: number,
    view: unknown,
    events: unknown[],
  }
  | {
    "type": "chat_history",
    table: number,
    lines: Array<ChatLine>,
  }
  | {
    "type": "chat",
    table?: number,
    from: string,
    text: string,
    /**
     * The line's number at its table (to report it, or to remove it once an operator
     * removed it); absent in the lobby.
     */
    line?: number,
    /** The identity that said it (to report or mute them); absent when not known. */
    player?: string,
    /** The speaker is a bot account. */
    bot?: boolean,
  }
  | {
    "type": "chat_removed",
    table: number,
    line: number,
  }
  | {
    "type": "notice",
    table?: number,
    key: string,
    params?: { [key in string]: string },
    text: string,
  }
  | {
    "type": "ack",
    id: number,
  }
  | {
    "type": "error",
    id?: number,
    table?: number,
    code: ErrorCode,
    key: string,
    params?: { [key in string]: string },
    text: string,
  }
  | {
    "type": "left",
    table: number,
  }
  | { "type": "replaced" }
  | {
    "type": "your_move",
    tables: Array<YourMove>,
  }
  | {
    "type": "friends",
    following: Array<Followed>,
    challenges: Array<Challenge>,
    settings: FriendSettings,
  }
  | {
    "type": "challenge_received",
    challenge: Challenge,
  }
  | {
    "type": "challenge_answered",
    challenge: Challenge,
    outcome: ChallengeOutcome,
    table?: number,
  }
  | {
    "type": "bots",
    bots: Array<OnlineBot>,
  }
  | {
    "type": "bot_seated",
    table: number,
    game: GameKind,
  }
  | {
    "type": "tournament_table",
    tournament: number,
    name: string,
    round: number,
    table: number,
    game: GameKind,
  }
  | {
    "type": "tournament_changed",
    tournament: number,
  }
  | {
    "type": "pong",
    id?: number,
  };

/** A challenge as both players see it. */
export type Challenge = {
  /** The challenge's number (to answer it). */
  id: string,
  /** The challenger's name (the host of the table an accepted challenge opens). */
  from: string,
  /** The challenged player's name. */
  to: string,
  game: GameKind,
  /** Game options and the table options `pace` and `rated`, as the challenger gave them. */
  options: OptionMap,
  /** When it expires unanswered (milliseconds since the Unix epoch, the server's clock). */
  expires_ms: number,
};

/** What became of a challenge. */
export type ChallengeOutcome = "accepted" | "declined";

/**
 * One line of a table's chat history: a chat line, or a notice the whole table heard (someone
 * sat down, left, a bot took a seat, the game ended).
 */
export type ChatLine = {
  /** Who said it; empty for a notice. */
  from: string,
  /** What was said, or the notice in the receiver's language. */
  text: string,
  /** A notice's text key (as in `notice`); absent for a chat line. */
  key?: string,
  /** A notice's parameters. */
  params?: { [key in string]: string },
  /** A chat line's number at its table (as in `chat`); absent for a notice. */
  line?: number,
  /** The identity that said a chat line; absent for a notice. */
  player?: string,
  /** The speaker is a bot account. */
  bot?: boolean,
};

/**
 * When a seat's decision timer runs out: `at` in milliseconds since the Unix epoch (the
 * server's clock), `left_ms` the milliseconds left when the message was written (for clients
 * whose clock differs from the server's).
 */
export type Deadline = {
  at: number,
  left_ms: number,
};

/** Why a request was refused. The server's state is unchanged whenever one is sent. */
export type ErrorCode =
  | "malformed"
  | "too_large"
  | "rate_limited"
  | "flood"
  | "hello_first"
  | "already_hello"
  | "protocol"
  | "bad_name"
  | "bad_token"
  | "no_such_table"
  | "table_full"
  | "already_started"
  | "not_started"
  | "game_over"
  | "not_host"
  | "not_seated"
  | "already_seated"
  | "not_at_table"
  | "name_taken"
  | "no_such_player"
  | "bad_options"
  | "stale"
  | "not_your_turn"
  | "illegal_action"
  | "unknown_command"
  | "bad_command"
  | "unknown_bot"
  | "storage"
  | "not_owner"
  | "muted"
  | "banned"
  | "sent_away"
  | "not_allowed"
  | "challenge_closed"
  | "not_invited"
  | "not_bot"
  | "bot_unavailable"
  | "tournament";

/** A followed player as the "Following" list shows them. */
export type Followed = {
  name: string,
  /** Connected to the room now. */
  online: boolean,
  /** The open or running tables they sit at; empty when they hide where they play. */
  tables: Array<FollowedTable>,
};

/** A table a followed player sits at. */
export type FollowedTable = {
  table: number,
  game: GameKind,
  state: TableState,
};

/** Where a table is in its life. */
export type TableState = "open" | "playing" | "finished";

/** An account's settings for friends. */
export type FriendSettings = {
  /** Whose challenges they take. */
  challenges: ChallengePolicy,
  /** Whether those who follow them see at which tables they play. */
  show_tables: boolean,
};

/** Whose challenges a player takes. */
export type ChallengePolicy = "everyone" | "followed" | "nobody";

/** The languages the server writes. */
export type Lang = "en" | "de";

/** An online bot account as the lobby's bot list shows it. */
export type OnlineBot = {
  player: string,
  name: string,
  /** What it declared. */
  declaration: BotDeclaration,
  /** Its rating in each game it declared, once it played a rated game of it. */
  ratings?: Record<string, SeatRating>,
  /** Tables it sits at now (at most `declaration.most_games`). */
  playing: number,
};

/** What a bot account plays: sent with `bot_ready` (again to change it). */
export type BotDeclaration = {
  /**
   * The games it plays, each with the table sizes and options it takes. Empty: it plays
   * nothing for now (it stays connected, listed as not taking games).
   */
  games: Array<BotGame>,
  /** Whether it plays rated games. */
  rated: boolean,
  /** Whether it plays casual (unrated) games. */
  casual: boolean,
  /**
   * Most tables (open or running) it sits at at once, 1 to [`MOST_BOT_GAMES`]. A table
   * beyond it is declined.
   */
  most_games: number,
  /**
   * Whether the ladder may pair it with other bots (rated bot-only games of every game it
   * declared).
   */
  ladder: boolean,
};

/** One game a bot plays. */
export type BotGame = {
  game: GameKind,
  /** The table sizes (players, bots included) it plays; empty: every size the game has. */
  players?: Array<number>,
  /**
   * Per game or table option, the values it accepts, as the option map writes them (e.g.
   * `{"deck": ["full"], "pace": ["realtime"]}`); an option not named may take any value.
   */
  options?: { [key in string]: Array<string> },
};

/** A table as the lobby lists it (`GET /api/tables` and `tables`). */
export type TableInfo = {
  id: number,
  game: GameKind,
  /** Game options as set so far (all of them, written out, once the game started). */
  options: OptionMap,
  /**
   * Table options: `timer` (seconds per decision, 0 = off), `reconnect` (seconds a
   * disconnected player keeps the seat before a bot plays it).
   */
  table_options: { [key in string]: string },
  /** Most players the table takes. */
  max_seats: number,
  seats: Array<SeatInfo>,
  spectators: number,
  host: string | null,
  state: TableState,
  /**
   * A tournament's table: which tournament, round and table (nobody hosts it; its seats and
   * options are fixed).
   */
  tournament?: TableTournament,
};

/** One seat of a table. */
export type SeatInfo = {
  seat: Seat,
  name: string,
  /** `human` or `bot`. */
  kind: SeatKind,
  /** The bot level of a bot seat. */
  level?: string,
  /** Whether the human is connected (bots always are). */
  connected: boolean,
  /** Whether a bot plays for the absent human right now. */
  bot_standing_in?: boolean,
  /**
   * The seat is a bot account (`kind` is `human`: a player of the room, played by a
   * program), shown with a bot mark.
   */
  bot_account?: boolean,
  /** The seat's rating in this game, once it has played a rated game of it. */
  rating?: SeatRating,
};

export type SeatKind = "human" | "bot";

/** A rating as players see it: Weng-Lin's mu on a scale where a new player has 1500. */
export type SeatRating = {
  rating: number,
  /** Fewer rated games than it takes for the rating to settle (shown with a "?"). */
  provisional?: boolean,
  /** While provisional: the rated games still to play before the rating settles. */
  games_to_settle?: number,
  /** Once the game is over: how much this game moved the rating. */
  change?: number,
};

/** Which tournament table a table is ("Sunday Swiss · round 2 · table 3"). */
export type TableTournament = {
  id: number,
  name: string,
  /** The round (from 1). */
  round: number,
  /** The table's number in its round (from 1). */
  table: number,
};

/** A client's place at a table. */
export type You = {
  role: Role,
  seat?: Seat,
  host: boolean,
  /**
   * The invitation code of a private table, for whoever is seated there (the link is
   * `/t/ID?invite=CODE`); never in the lobby's list.
   */
  invite?: string,
};

/** How a client joins a table. */
export type Role = "player" | "spectator";

/** A turn-based table waiting for a player's move. */
export type YourMove = {
  table: number,
  game: GameKind,
  /**
   * When the move's deadline passes (milliseconds since the Unix epoch, the server's clock);
   * the table's default move is played for the seat then.
   */
  deadline_ms: number,
  /** The names of the other seats, in seat order, for the list's line. */
  with: Array<string>,
};

/** Client → server. */
export type ClientMsg =
  | {
    "type": "hello",
    protocol: number,
    name: string,
    token?: string,
    lang: Lang,
  }
  | {
    "type": "list_tables",
    subscribe: boolean,
  }
  | {
    "type": "create_table",
    game: GameKind,
    options: OptionMap,
    seats?: number,
  }
  | {
    "type": "join",
    table: number,
    role: Role,
    invite?: string,
  }
  | {
    "type": "leave",
    table: number,
  }
  | {
    "type": "chat",
    table?: number,
    text: string,
  }
  | {
    "type": "command",
    table: number,
    command: Command,
  }
  | {
    "type": "act",
    table: number,
    version: number,
    action: unknown,
  }
  | {
    "type": "resync",
    table: number,
  }
  | { "type": "ping" }
  | {
    "type": "follow",
    name: string,
  }
  | {
    "type": "unfollow",
    name: string,
  }
  | { "type": "friends" }
  | {
    "type": "friend_settings",
    settings: FriendSettings,
  }
  | {
    "type": "challenge",
    name: string,
    game: GameKind,
    options: OptionMap,
  }
  | {
    "type": "answer_challenge",
    challenge: string,
    accept: boolean,
  }
  | {
    "type": "bot_ready",
    declaration: BotDeclaration,
  }
  | { "type": "list_bots" }
  | {
    "type": "join_tournament",
    tournament: number,
    code?: string,
  }
  | {
    "type": "leave_tournament",
    tournament: number,
  }
  | {
    "type": "start_tournament",
    tournament: number,
  };

/** A table command, tagged by `name` on the wire (`{"name":"bot_add","level":"strong"}`). */
export type Command =
  | { "name": "join" }
  | { "name": "leave" }
  | { "name": "start" }
  | {
    "name": "option",
    key: string,
    value: string,
  }
  | {
    "name": "bot_add",
    level?: string,
    account?: string,
  }
  | { "name": "bot_remove" }
  | {
    "name": "kick",
    player: string,
  }
  | { "name": "rematch" }
  | { "name": "who" }
  | { "name": "hint" }
  | {
    "name": "invite",
    renew: boolean,
  }
  | {
    "name": "vacation",
    days: number,
  }
  | {
    "name": "help",
    topic?: HelpTopic,
  };

/** What `/help` explains besides the commands. */
export type HelpTopic = "options";

/** A server text: `key` and `params` for clients that translate, `text` for those that show it. */
export type Text = {
  key: string,
  params?: { [key in string]: string },
  text: string,
};

/** A finished game's steps. */
export type Replay = {
  game: GameKind,
  players: number,
  /** The seats' names, in seat order. */
  names: Array<string>,
  /** Step 0 is the opening (no seat, no action); then one step per action. */
  steps: Array<ReplayStep>,
};

/** One step: who did what, what everyone saw happen, and the table after it. */
export type ReplayStep = {
  /** Who acted (none for the opening, step 0). */
  seat: Seat | null,
  /** The game's action as JSON (none for the opening). */
  action: unknown,
  /** The step's public events, in order (each game's own event JSON). */
  events: unknown[],
  /** The spectator's view after the step (the game's own view JSON). */
  view: unknown,
};

/** The tournaments the lobby lists: `GET /api/tournaments`. */
export type TournamentList = {
  /** Open for registration or running, the soonest first. */
  upcoming: Array<TournamentSummary>,
  /** Finished (or cancelled) recently, the latest first. */
  finished: Array<TournamentSummary>,
  /** Whether the asking account may create one (`POST /api/tournaments`). */
  may_create: boolean,
};

/** A tournament as the lobby lists it. */
export type TournamentSummary = {
  id: number,
  name: string,
  game: GameKind,
  format: TournamentFormat,
  table_size: number,
  /** Players registered (withdrawn ones included once it runs). */
  entrants: number,
  start_ms: number,
  rated: boolean,
  /** Registration takes the invitation link's code. */
  invitation: boolean,
  bots_fill: boolean,
  /** `realtime` or the turn-based pace. */
  pace: string,
  /** The creator's name. */
  by: string,
} & ({ "phase": "registration" } | {
  "phase": "running",
  round: number,
} | { "phase": "finished" } | { "phase": "cancelled" });

/** How players go from round to round. */
export type TournamentFormat =
  | {
    "kind": "swiss",
    rounds: number,
  }
  | {
    "kind": "elimination",
    advance: number,
  };

/** Everything the tournament page shows: `GET /api/tournaments/{id}`. */
export type TournamentPage = {
  summary: TournamentSummary,
  /** The game's and tables' options every table has. */
  options: OptionMap,
  /** The points each place earns at a full table, the first's first (ties share theirs). */
  place_points: Array<number>,
  /** The points of a bye. */
  bye_points: number,
  /** Swiss: the number of rounds. */
  rounds_planned?: number,
  /** The standings (before the start: the registered players by rating). */
  standings: Array<TournamentStanding>,
  /** The rounds played or being played, the first first. */
  rounds: Array<TournamentRound>,
  you?: TournamentYou,
  /** The invitation link's code (shown to its creator and to the registered players only). */
  invitation_code?: string,
};

/** One round: its tables and who sat it out. */
export type TournamentRound = {
  number: number,
  tables: Array<TournamentTable>,
  /** Names of the players with a bye this round. */
  byes: Array<string>,
};

/** One table of a round. */
export type TournamentTable = {
  /** Its number in the round (from 1). */
  number: number,
  /** The room's table (to watch it, and its replay once it ended); none until it is open. */
  table?: number,
  seats: Array<TournamentSeat>,
  /** Seats filled by bots. */
  bots: number,
  /** The table ended and its places are counted. */
  done: boolean,
};

/** A seat at a tournament table. */
export type TournamentSeat = {
  name: string,
  /** The place once the table ended (1 for the first; equal for a tie). */
  place?: number,
  /** The points the place earned. */
  points?: number,
  /** A bot played the seat because the player was missing. */
  bot_played?: boolean,
};

/** One line of the standings. */
export type TournamentStanding = {
  /** 1 for the first (equal lines never share a rank: the tie-breaks order them). */
  rank: number,
  name: string,
  /** The player is a bot account. */
  bot_account?: boolean,
  /** Points so far (halves possible). */
  points: number,
  /** The first tie-break: the sum of the opponents' points. */
  opponents: number,
  /** The rating at registration (the second tie-break). */
  rating: number,
  games: number,
  byes: number,
  /** Rounds in which a bot played the seat because the player was missing. */
  bot_played: number,
  withdrawn: boolean,
  /** Elimination: the round the player went out in. */
  out_in?: number,
};

/** The asking player's part in a tournament (none for a visitor without an account). */
export type TournamentYou = {
  registered: boolean,
  withdrawn: boolean,
  /** Registration is open to them (with the code where one is needed). */
  may_register: boolean,
  /** They created it, or are an operator, and it has not started. */
  may_start: boolean,
  /** Their table in the round being played, if they have one. */
  table?: number,
};

/** What a creator chooses when opening a tournament (fixed from then on). */
export type TournamentSetup = {
  /** 1 to [`MAX_TOURNAMENT_NAME_CHARS`] characters. */
  name: string,
  game: GameKind,
  /**
   * The game's options, and the table options `pace` (`realtime` or a turn-based pace) and
   * `timer`; every table of the tournament has them.
   */
  options: OptionMap,
  format: TournamentFormat,
  /** Seats at a full table, 3 to 6 (and within the game's sizes). */
  table_size: number,
  /** When the first round starts (milliseconds since the Unix epoch). */
  start_ms: number,
  /** Whether the games move ratings. */
  rated: boolean,
  /** Only players with the invitation link's code may register. */
  invitation: boolean,
  /** Bots fill seats so that nobody gets a bye. */
  bots_fill: boolean,
};

/** A tournament a player took part in, on their profile. */
export type TournamentEntry = {
  id: number,
  name: string,
  game: GameKind,
  /** Their final place (none while it runs, or if cancelled). */
  place?: number,
  /** Players in the final standings. */
  of: number,
  start_ms: number,
} & ({ "phase": "registration" } | {
  "phase": "running",
  round: number,
} | { "phase": "finished" } | { "phase": "cancelled" });
