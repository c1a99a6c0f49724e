//! One module tree per game of the family.

pub mod classic;
pub mod help;
