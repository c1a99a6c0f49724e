//! A seat's rating beside its name: `Ann 1540` (`1540?` while provisional), and once the game is
//! over what it changed: `Ann 1564? (+24)`.

use nimmt_protocol::SeatInfo;

/// The seat's name with its rating, if it has one.
pub fn rated_name(seat: &SeatInfo) -> String {
    let Some(r) = seat.rating else {
        return seat.name.clone();
    };
    let mut text = format!(
        "{} {}{}",
        seat.name,
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
}
