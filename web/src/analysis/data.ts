// A finished game's analysis as the server keeps it (`GET`/`POST /api/games/{id}/analysis`,
// `docs/protocol.md`): where it stands (not asked, queued, running, done, failed) and, once done,
// every decision with its choices, the loss of the choice made and its mark.

export type Mark = 'inaccuracy' | 'mistake' | 'blunder';
export type Measure = 'deal_points' | 'win_chance' | 'team_margin' | 'standing';

export interface Choice {
  action: unknown;
  label: string;
  estimate: number;
}

export interface Decision {
  /** The action's index in the record: the replay's step `index + 1`. */
  index: number;
  seat: number;
  deal: number;
  /** Best first. */
  choices: Choice[];
  chosen: number;
  loss: number;
  mark: Mark | null;
}

export interface SeatSummary {
  seat: number;
  decisions: number;
  mean_loss: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export interface Analysis {
  game: string;
  measure: Measure;
  thresholds: { inaccuracy: number; mistake: number; blunder: number };
  budget: number;
  decisions: Decision[];
  seats: SeatSummary[];
}

export type AnalysisState =
  | { state: 'none' }
  | { state: 'queued'; position: number; queue: number }
  | { state: 'running'; queue: number }
  | { state: 'done'; analysis: Analysis; seats: string[] }
  | { state: 'failed'; error: string }
  /** The server refused (a full queue) or could not be reached: its words. */
  | { state: 'refused'; error: string };

type Fetch = (url: string, init?: { method: string }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

async function call(url: string, method: 'GET' | 'POST', get: Fetch): Promise<AnalysisState> {
  try {
    const r = await get(url, { method });
    const body = JSON.parse(await r.text()) as { state?: string; error?: string };
    if (typeof body.state === 'string') return body as AnalysisState;
    return { state: 'refused', error: body.error ?? `HTTP ${r.status}` };
  } catch (e) {
    return { state: 'refused', error: (e as Error).message };
  }
}

/** Where the analysis of game `id` stands. */
export const readAnalysis = (id: number, get: Fetch = fetch) => call(`/api/games/${id}/analysis`, 'GET', get);

/** Asks for the analysis of game `id` (queued once; a done one comes back at once). */
export const askAnalysis = (id: number, get: Fetch = fetch) => call(`/api/games/${id}/analysis`, 'POST', get);

/** The decision made at replay step `step` (step 0 is the opening), if it was analysed. */
export function decisionAt(a: Analysis, step: number): Decision | undefined {
  return a.decisions.find((d) => d.index === step - 1);
}

/** Whether a higher estimate is better in this measure. */
export const higherIsBetter = (m: Measure) => m === 'win_chance' || m === 'standing';
