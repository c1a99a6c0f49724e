// HELP!'s view and action JSON (nimmt_core::games::help), generated from the Rust types
// (`generated/help.ts`).

export type {
  DealEnd,
  DealResult,
  HelpAction,
  HelpCard,
  HelpDecision,
  HelpEvent,
  HelpPhase,
  HelpView,
  RowCard,
} from '../../generated/help';
