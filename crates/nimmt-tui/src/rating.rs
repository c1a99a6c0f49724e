//! A seat's name as the screens show it: a bot account's with the bot mark (`Robo [bot]`, in
//! seats and chat lines alike), then its rating: `Ann 1540` (`1540?` while provisional), and once
//! the game is over what it changed: `Ann 1564? (+24)`.

use nimmt_protocol::SeatInfo;

/// The mark after a bot account's name (the same in both languages).
pub const BOT_MARK: &str = "[bot]";

/// A name, with the bot mark when it is a bot account's.
pub fn marked_name(name: &str, bot_account: bool) -> String {
    if bot_account {
        format!("{name} {BOT_MARK}")
    } else {
        name.to_owned()
    }
}

/// The seat's name (marked when a bot account's) with its rating, if it has one.
pub fn rated_name(seat: &SeatInfo) -> String {
    let name = marked_name(&seat.name, seat.bot_account);
    let Some(r) = seat.rating else {
        return name;
    };
    let mut text = format!(
        "{} {}{}",
        name,
        r.rating,
        if r.provisional { "?" } else { "" }
    );
    if let Some(change) = r.change {
        let sign = if change > 0 {
            "+"
        } else if change < 0 {
            "−"
        } else {
            "±"
        };
        text.push_str(&format!(" ({sign}{})", change.abs()));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimmt_core::Seat;
    use nimmt_protocol::{SeatKind, SeatRating};

    fn seat(rating: Option<SeatRating>) -> SeatInfo {
        SeatInfo {
            seat: Seat(0),
            name: "Ann".into(),
            kind: SeatKind::Human,
            level: None,
            connected: true,
            bot_standing_in: false,
            bot_account: false,
            rating,
        }
    }

    #[test]
    fn a_rating_stands_beside_the_name_with_its_change_once_the_game_is_over() {
        assert_eq!(rated_name(&seat(None)), "Ann");
        let r = SeatRating {
            rating: 1540,
            provisional: true,
            games_to_settle: Some(4),
            change: None,
        };
        assert_eq!(rated_name(&seat(Some(r))), "Ann 1540?");
        let done = SeatRating {
            rating: 1712,
            provisional: false,
            games_to_settle: None,
            change: Some(-8),
        };
        assert_eq!(rated_name(&seat(Some(done))), "Ann 1712 (−8)");
    }

    #[test]
    fn a_bot_account_is_marked_before_its_rating_and_a_person_is_not() {
        let bot = SeatInfo {
            name: "Robo".into(),
            bot_account: true,
            ..seat(Some(SeatRating {
                rating: 1490,
                provisional: true,
                games_to_settle: Some(3),
                change: None,
            }))
        };
        assert_eq!(rated_name(&bot), "Robo [bot] 1490?");
        assert_eq!(
            rated_name(&SeatInfo {
                rating: None,
                ..bot
            }),
            "Robo [bot]"
        );
        assert_eq!(marked_name("Ann", false), "Ann");
    }
}
