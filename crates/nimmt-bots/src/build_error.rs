//! Why a bot could not be had: its spec, or its outside program.

use crate::outside_bot::engine_side::OutsideError;
use crate::spec::SpecError;

/// Why a bot could not be had.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Outside(#[from] OutsideError),
}
