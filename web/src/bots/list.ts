// What the browser shows of the online bot accounts, from the server's `bots` list: the games a
// bot plays with its rating in each, what it takes, and which bots a table's Add bot list offers.
// No rules here: whether a bot takes a table is the server's to say (it refuses with its reason).

import type { T } from '../i18n';
import type { OnlineBot } from '../protocol';
import { ratingText } from '../players/rating';

/** The bots that declare `game`, by name. */
export function botsFor(bots: OnlineBot[], game: string): OnlineBot[] {
  return bots.filter((b) => b.declaration.games.some((g) => g.game === game)).sort((a, b) => a.name.localeCompare(b.name));
}

/** A bot's games, each with its rating once it has one ("1540?" while provisional). */
export function gamesOf(bot: OnlineBot): { game: string; rating?: string }[] {
  return bot.declaration.games.map((g) => {
    const r = bot.ratings?.[g.game];
    return r ? { game: g.game, rating: ratingText(r) } : { game: g.game };
  });
}

/** What a bot takes, in words: its tables now, rated or casual only, the ladder. */
export function whatItTakes(t: T, bot: OnlineBot): string[] {
  const d = bot.declaration;
  const out: string[] = [];
  if (!d.games.length || (!d.rated && !d.casual)) out.push(t('bots.notPlaying'));
  else {
    out.push(t('bots.playing', { n: bot.playing, most: d.most_games }));
    if (d.rated && !d.casual) out.push(t('bots.ratedOnly'));
    if (d.casual && !d.rated) out.push(t('bots.casualOnly'));
  }
  out.push(t(d.ladder ? 'bots.ladderYes' : 'bots.ladderNo'));
  return out;
}

/** The first game a bot plays that two can play (a challenge's game), if any. */
export function challengeGame(bot: OnlineBot, twoPlayerGames: string[]): string | undefined {
  return bot.declaration.games.map((g) => g.game).find((g) => twoPlayerGames.includes(g));
}
