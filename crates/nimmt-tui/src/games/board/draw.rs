//! Painting the Brettspiel table: header, the board's rows with their fields and tiles and the
//! selected field explained, the players, the score track with its clovers, the list of choices
//! or the log, your tiles and cards, and the status line. The windows over it come from the
//! shell.

use super::layout::{areas, field_cell, list_offset, tile_cell, ROW_LABEL};
use super::text::{action_card_name, field_symbol, field_text, luck_card_name, tr, version_name};
use super::{marker, BoardApp as App};
use crate::app::Pause;
use crate::text::T;
use crate::widgets::{choice_line, header, inner, log_tail, status, title_style, titled};
use nimmt_core::games::board::{Decision, Field, LuckCard, StageView, Version};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/// A tile as six columns: its number and, small, its bull heads: `[ 55⁷]`.
pub fn tile_text(tile: u8, bulls: u8) -> String {
    format!("[{tile:>3}{}]", SUPERSCRIPT[usize::from(bulls.min(9))])
}

fn bulls(app: &App, tile: u8) -> u8 {
    app.view()
        .bulls
        .get(usize::from(tile).wrapping_sub(1))
        .copied()
        .unwrap_or(1)
}

fn tile_style(bulls: u8) -> Style {
    let s = Style::default().add_modifier(Modifier::BOLD);
    match bulls {
        5.. => s.fg(Color::Red),
        3 => s.fg(Color::Yellow),
        2 => s.fg(Color::Cyan),
        _ => s,
    }
}

fn field_style(field: Field) -> Style {
    let s = Style::default();
    match field {
        Field::Empty => s.add_modifier(Modifier::DIM),
        Field::TakeRow | Field::TakeRowToScreen => s.fg(Color::Red).add_modifier(Modifier::BOLD),
        Field::GreenBulls { .. } | Field::Plus { .. } => s.fg(Color::Green),
        Field::RedBulls { .. } | Field::Minus { .. } => s.fg(Color::Red),
        Field::DrawTile | Field::DrawActionCard => s.fg(Color::Cyan),
        Field::DoubleTile => s.fg(Color::Magenta),
    }
}

/// Paints the table (the shell checks the size and adds the windows over it).
pub fn draw(app: &App, frame: &mut Frame) {
    let a = areas(app);
    let v = app.view();
    let lang = app.lang;
    let left = format!(
        " 6 nimmt! Brettspiel · {} · {} {}",
        version_name(lang, v.version),
        tr(lang, "round", "Runde"),
        v.round
    );
    header(lang, frame, a.header, left);
    draw_board(app, frame, a.board);
    draw_players(app, frame, a.players);
    draw_track(app, frame, a.track);
    draw_middle(app, frame, a.middle);
    draw_hand(app, frame, a.hand);
    status(frame, a.status, &status_text(app));
}

fn draw_board(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let picking_row = matches!(app.asked(), Some(Decision::OpenRow { .. }));
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", tr(lang, "Board", "Spielplan")),
            title_style(picking_row),
        ))),
        area,
    );
    let inside = inner(area);
    let selected = app.selected_field();
    let positive_row = match app.asked() {
        Some(Decision::CountPositive { row }) => Some(row),
        _ => None,
    };
    for (r, (spec, row)) in v.side.rows.iter().zip(&v.rows).enumerate() {
        if r as u16 >= inside.height {
            break;
        }
        let active = row.is_active();
        let label_style = if active || positive_row == Some(r) {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::DIM)
        };
        let stop = if row.stop {
            Span::styled(
                "■",
                Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
            )
        } else if spec.two_tiles {
            Span::styled("²", Style::default().fg(Color::Magenta))
        } else {
            Span::raw(" ")
        };
        frame.render_widget(
            Paragraph::new(Line::from(vec![
                Span::styled(format!("{}", r + 1), label_style),
                stop,
            ])),
            Rect::new(inside.x, inside.y + r as u16, ROW_LABEL, 1),
        );
        for (f, (&field, cell)) in spec.fields.iter().zip(&row.cells).enumerate() {
            let at = field_cell(area, r, f);
            if at.x + at.width > inside.x + inside.width {
                break;
            }
            let (text, mut style) = match cell {
                Some(t) => (tile_text(*t, bulls(app, *t)), tile_style(bulls(app, *t))),
                None => (format!("{:^6}", field_symbol(field)), field_style(field)),
            };
            if selected == Some((r, f)) {
                style = style
                    .fg(Color::Black)
                    .bg(Color::Yellow)
                    .add_modifier(Modifier::BOLD);
            }
            frame.render_widget(Paragraph::new(Span::styled(text, style)), at);
        }
    }
    // The last line: what the selected field does.
    let explain = match selected {
        Some((r, f)) => format!(
            "{} {}.{} {}: {}",
            tr(lang, "Row", "Reihe"),
            r + 1,
            f + 1,
            field_symbol(v.side.field(r, f)),
            field_text(lang, v.side.field(r, f))
        ),
        None => tr(
            lang,
            "Fields: ? shows what each symbol does",
            "Felder: ? zeigt, was jedes Symbol bewirkt",
        )
        .to_owned(),
    };
    let y = inside.y + inside.height.saturating_sub(1);
    frame.render_widget(
        Paragraph::new(Span::styled(explain, Style::default().fg(Color::Yellow))),
        Rect::new(inside.x, y, inside.width, 1),
    );
}

fn draw_players(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let pro = matches!(v.version, Version::Pro | Version::ProLuck);
    let luck = matches!(v.version, Version::BaseLuck | Version::ProLuck);
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", tr(lang, "Players", "Spieler")),
            title_style(false),
        ))),
        area,
    );
    let inside = inner(area);
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "{:<10}{:>4}{:>3}{:>3}{:>4}",
            "",
            tr(lang, "pts", "Pkt"),
            tr(lang, "T", "P"),
            if pro { "A" } else { "" },
            if luck { tr(lang, "L", "G") } else { "" },
        ),
        Style::default().add_modifier(Modifier::DIM),
    ))];
    for s in 0..v.players {
        let seat = nimmt_core::Seat(s as u8);
        let mark = marker(v, seat);
        let name: String = app.names()[s].chars().take(8).collect();
        let style = if s == app.me().index() {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        let luck_cards = v.luck_hands.get(s).map_or(0, Vec::len);
        lines.push(Line::from(vec![
            Span::styled(format!("{mark} "), Style::default().fg(Color::Yellow)),
            Span::styled(format!("{name:<8}"), style),
            Span::raw(format!(
                "{:>+4}{:>3}{:>3}{:>4}",
                v.scores.get(s).copied().unwrap_or(0),
                v.hand_sizes.get(s).copied().unwrap_or(0),
                if pro {
                    v.action_card_counts
                        .get(s)
                        .copied()
                        .unwrap_or(0)
                        .to_string()
                } else {
                    String::new()
                },
                if luck {
                    luck_cards.to_string()
                } else {
                    String::new()
                },
            )),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), inside);
}

/// The score track, two points a column: the clovers `♣`, each player's counter as the seat's
/// number (`*` where several stand), and the stacks beside the board.
fn draw_track(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let limit = v.side.track.limit.max(1);
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", tr(lang, "Score track", "Wertungsleiste")),
            title_style(false),
        ))),
        area,
    );
    let cols = limit as usize + 1;
    let col = |score: i32| ((score.clamp(-limit, limit) + limit) / 2) as usize;
    let mut strip: Vec<char> = vec!['·'; cols];
    strip[col(0)] = '0';
    for &c in &v.side.track.clovers {
        strip[col(c).min(cols - 1)] = '♣';
    }
    let mut owners: Vec<Vec<usize>> = vec![Vec::new(); cols];
    for (s, &score) in v.scores.iter().enumerate() {
        owners[col(score).min(cols - 1)].push(s);
    }
    let mut spans = vec![Span::raw(format!("{:>3} ", -limit))];
    for (i, ch) in strip.iter().enumerate() {
        let (text, style) = match owners[i].as_slice() {
            [] => (
                ch.to_string(),
                if *ch == '♣' {
                    Style::default().fg(Color::Green)
                } else {
                    Style::default().add_modifier(Modifier::DIM)
                },
            ),
            [s] => (
                if *s == app.me().index() {
                    "Y".to_owned()
                } else {
                    s.to_string()
                },
                Style::default()
                    .fg(Color::Black)
                    .bg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            ),
            _ => (
                "*".to_owned(),
                Style::default()
                    .fg(Color::Black)
                    .bg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            ),
        };
        spans.push(Span::styled(text, style));
    }
    spans.push(Span::raw(format!(" +{limit}")));
    let mut extra = format!(" {} {}", tr(lang, "supply", "Vorrat"), v.supply_size);
    if matches!(v.version, Version::BaseLuck | Version::ProLuck) {
        extra.push_str(&format!(
            " · ♣ {}/{}",
            v.luck_stacks.count(LuckCard::FivePoints),
            v.luck_stacks.count(LuckCard::PositiveBulls)
        ));
    }
    if matches!(v.version, Version::Pro | Version::ProLuck) {
        extra.push_str(&format!(
            " · {} {}",
            tr(lang, "cards", "Karten"),
            v.action_stack_size
        ));
    }
    spans.push(Span::styled(
        extra,
        Style::default().add_modifier(Modifier::DIM),
    ));
    frame.render_widget(Paragraph::new(Line::from(spans)), inner(area));
}

fn draw_middle(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let inside = inner(area);
    let choices = app.choices();
    if !choices.is_empty() {
        let title = match app.asked() {
            Some(Decision::BeforeLaying { tile }) => format!(
                " {} {tile} ",
                tr(
                    lang,
                    "Play cards or lay your tile",
                    "Karten spielen oder legen:"
                )
            ),
            Some(Decision::CountPositive { row }) => format!(
                " {} {} ",
                tr(
                    lang,
                    "Two tiles as plus points, row",
                    "Zwei Plättchen als Pluspunkte, Reihe"
                ),
                row + 1
            ),
            Some(Decision::OpenRow { .. }) => {
                format!(
                    " {} ",
                    tr(lang, "Open a free row", "Eine freie Reihe öffnen")
                )
            }
            Some(Decision::TakeLuck { owed }) => format!(
                " {} ({owed}) ",
                tr(lang, "Take a luck card", "Glückskarte nehmen")
            ),
            _ => String::new(),
        };
        frame.render_widget(
            titled(Line::from(Span::styled(title, title_style(true)))),
            area,
        );
        let room = inside.height as usize;
        let off = list_offset(app.screen.choice, room);
        let lines: Vec<Line> = choices
            .iter()
            .enumerate()
            .skip(off)
            .take(room)
            .map(|(i, a)| {
                let text = format!(
                    "{} {}",
                    if i == app.screen.choice { '▶' } else { ' ' },
                    app.describe(a)
                );
                choice_line(text, i == app.screen.choice)
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), inside);
        return;
    }
    frame.render_widget(titled(Line::from("")), area);
    let room = inside.height as usize;
    frame.render_widget(Paragraph::new(log_tail(app.log_lines(), room)), inside);
}

fn draw_hand(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let choosing = app.count().is_some();
    let title = match app.count() {
        Some(2) => format!(
            " {} · {} ",
            tr(lang, "Your tiles", "Deine Plättchen"),
            tr(lang, "choose two", "wähle zwei")
        ),
        _ => format!(" {} ", tr(lang, "Your tiles", "Deine Plättchen")),
    };
    frame.render_widget(
        titled(Line::from(Span::styled(title, title_style(choosing)))),
        area,
    );
    let inside = inner(area);
    if v.hand.is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(
                lang.t(T::HandEmpty),
                Style::default().add_modifier(Modifier::DIM),
            )),
            Rect::new(inside.x, inside.y, inside.width, 1),
        );
    }
    for (i, &t) in v.hand.iter().enumerate() {
        let mut style = tile_style(bulls(app, t));
        if app.screen.marked.contains(&t) {
            style = style.bg(Color::Green).fg(Color::Black);
        }
        if choosing && i == app.screen.cursor {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        } else if !choosing {
            style = style.add_modifier(Modifier::DIM);
        }
        frame.render_widget(
            Paragraph::new(Span::styled(tile_text(t, bulls(app, t)), style)),
            tile_cell(area, i),
        );
    }
    // The last line: your action and luck cards, and the tiles chosen face down.
    let mut parts = Vec::new();
    if !v.chosen.is_empty() {
        let c: Vec<String> = v.chosen.iter().map(u8::to_string).collect();
        parts.push(format!(
            "{} {}",
            tr(lang, "face down:", "verdeckt:"),
            c.join(" ")
        ));
    }
    if matches!(v.version, Version::Pro | Version::ProLuck) {
        let c: Vec<&str> = v
            .action_cards
            .iter()
            .map(|&c| action_card_name(lang, c))
            .collect();
        parts.push(format!(
            "{} {}",
            tr(lang, "Action cards:", "Aktionskarten:"),
            if c.is_empty() {
                "–".to_owned()
            } else {
                c.join(", ")
            }
        ));
    }
    if matches!(v.version, Version::BaseLuck | Version::ProLuck) {
        let mine = v
            .luck_hands
            .get(app.me().index())
            .cloned()
            .unwrap_or_default();
        let c: Vec<&str> = mine.iter().map(|&c| luck_card_name(lang, c)).collect();
        parts.push(format!(
            "{} {}",
            tr(lang, "Luck:", "Glück:"),
            if c.is_empty() {
                "–".to_owned()
            } else {
                c.join(", ")
            }
        ));
    }
    let y = inside.y + inside.height.saturating_sub(1);
    frame.render_widget(
        Paragraph::new(Span::styled(
            parts.join(" · "),
            Style::default().fg(Color::Cyan),
        )),
        Rect::new(inside.x, y, inside.width, 1),
    );
}

fn status_text(app: &App) -> String {
    let lang = app.lang;
    let v = app.view();
    match &app.pause {
        Some(Pause::DealOver { .. }) => return lang.t(T::DealOverHint).to_owned(),
        Some(Pause::GameOver { .. }) => return lang.t(T::GameOverHint).to_owned(),
        None => {}
    }
    if app.animating() {
        return lang.t(T::Animating).to_owned();
    }
    match app.asked() {
        Some(Decision::Choose { count: 1 }) => tr(
            lang,
            " Your tile: ←/→ · Enter plays it",
            " Dein Plättchen: ←/→ · Enter spielt es",
        )
        .to_owned(),
        Some(Decision::Choose { .. }) => tr(
            lang,
            " Two tiles: ←/→ · space marks · Enter plays them",
            " Zwei Plättchen: ←/→ · Leertaste markiert · Enter spielt sie",
        )
        .to_owned(),
        Some(_) => tr(
            lang,
            " ↑/↓ choose · Enter does it",
            " ↑/↓ wählen · Enter ausführen",
        )
        .to_owned(),
        None => {
            if matches!(v.stage, StageView::Over) {
                return String::new();
            }
            let who: Vec<String> = v.waiting_for.iter().map(|&s| app.name(s)).collect();
            lang.fill(T::WaitingFor, &[&who.join(", ")])
        }
    }
}
