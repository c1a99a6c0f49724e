//! Painting the buffalo table: header, the rows with stop signs and *7 nimmt!* marks, the team's
//! and the buffalo's piles, the cards revealed this turn, the open special cards, the log or the
//! list of uses in a window, your hand and the status line. The windows over it come from the
//! shell.

use super::layout::{areas, cell, uses_top, REVEAL_CELL};
use super::text::{explain, B};
use super::BuffaloApp as App;
use crate::app::Pause;
use crate::games::classic::draw::card_text;
use crate::text::T;
use crate::widgets::{choice_line, header, inner, log_tail, status, title_style, titled};
use nimmt_core::cards::Card;
use nimmt_core::games::buffalo::{Action, Decision, Owner, PhaseView};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// Paints the table (the shell checks the size and adds the windows over it).
pub fn draw(app: &App, frame: &mut Frame) {
    let a = areas(app);
    let v = app.view();
    let lang = app.lang;
    let left = format!(
        " {} · {}",
        B::Title.t(lang),
        B::Header.fill(lang, &[&v.turn.min(10)])
    );
    header(lang, frame, a.header, left);
    draw_rows(app, frame, a.rows);
    draw_panel(app, frame, a.panel);
    draw_revealed(app, frame, a.revealed);
    draw_specials(app, frame, a.specials);
    draw_middle(app, frame, a.middle);
    draw_hand(app, frame, a.hand);
    status(frame, a.status, &status_text(app));
}

/// The colour of a card by its bull heads, as on the printed cards.
fn card_style(card: Card) -> Style {
    let s = Style::default();
    match card.bull_heads() {
        7 => s.fg(Color::Magenta).add_modifier(Modifier::BOLD),
        5 => s.fg(Color::Red).add_modifier(Modifier::BOLD),
        3 => s.fg(Color::Yellow),
        2 => s.fg(Color::Cyan),
        _ => s,
    }
}

fn dim() -> Style {
    Style::default().add_modifier(Modifier::DIM)
}

fn draw_rows(app: &App, frame: &mut Frame, area: Rect) {
    let v = app.view();
    let choosing = app.asked() == Some(Decision::TakeRow);
    let rows_open = app.rows_to_take();
    frame.render_widget(
        titled(Line::from(Span::styled(
            B::Rows.t(app.lang),
            title_style(choosing),
        ))),
        area,
    );
    let mut lines = Vec::new();
    for (r, row) in v.rows.iter().enumerate() {
        let selected = choosing && app.screen.row == r && rows_open.contains(&r);
        let number = if selected {
            Span::styled(
                format!("{}", r + 1),
                Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            )
        } else {
            Span::raw(format!("{}", r + 1))
        };
        let stop = if row.blocked {
            Span::styled(
                "S",
                Style::default()
                    .fg(Color::White)
                    .bg(Color::Red)
                    .add_modifier(Modifier::BOLD),
            )
        } else {
            Span::raw(" ")
        };
        let seven = if row.capacity > nimmt_core::games::buffalo::rows::CLASSIC_CAPACITY {
            Span::styled(
                "7",
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            )
        } else {
            Span::raw(" ")
        };
        let mut spans = vec![number, stop, seven, Span::raw(" ")];
        let places = row.capacity.max(row.cards.len());
        for i in 0..places {
            match row.cards.get(i) {
                Some(&c) => {
                    let mut style = card_style(c);
                    if row.blocked {
                        style = style.add_modifier(Modifier::DIM);
                    }
                    spans.push(Span::styled(card_text(c), style));
                }
                None => spans.push(Span::styled(format!("{:^6}", "·"), dim())),
            }
            spans.push(Span::raw(" "));
        }
        spans.push(Span::raw(format!("Σ{}", row.heads())));
        let mut line = Line::from(spans);
        if choosing && !rows_open.contains(&r) {
            line = line.style(dim());
        }
        lines.push(line);
    }
    frame.render_widget(Paragraph::new(lines), inner(area));
}

fn draw_panel(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", B::Table.t(lang)),
            title_style(false),
        ))),
        area,
    );
    let buffalo = Style::default().fg(Color::Red).add_modifier(Modifier::BOLD);
    let mut marks = Vec::new();
    for s in 0..v.players {
        let (mark, style) = match &v.phase {
            PhaseView::Choose { chosen } if chosen.get(s) == Some(&true) => {
                ('✓', Style::default().fg(Color::Green))
            }
            PhaseView::Window { .. } if v.waiting_for.iter().any(|w| w.index() == s) => {
                ('▶', Style::default().fg(Color::Yellow))
            }
            PhaseView::TakeRow { seat, .. } if seat.index() == s => {
                ('▶', Style::default().fg(Color::Yellow))
            }
            PhaseView::Choose { .. } => ('…', Style::default()),
            _ => (' ', Style::default()),
        };
        let name = short_name(&app.names()[s]);
        marks.push(Span::styled(format!("{mark}{name} "), style));
    }
    let lines = vec![
        Line::from(Span::styled(
            B::BuffaloStack.fill(lang, &[&v.buffalo_cards_left]),
            buffalo,
        )),
        Line::from(Span::styled(
            B::BuffaloPile.fill(lang, &[&v.buffalo_pile_size]),
            buffalo,
        )),
        Line::from(B::TeamPile.fill(lang, &[&v.team_pile.len(), &v.team_heads])),
        Line::from(marks),
    ];
    frame.render_widget(Paragraph::new(lines), inner(area));
}

/// A seat's name in at most three columns: `B1` for `Bot 1`.
fn short_name(name: &str) -> String {
    match name.strip_prefix("Bot ") {
        Some(n) => format!("B{n}"),
        None => name.chars().take(3).collect(),
    }
}

fn draw_revealed(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", B::Revealed.t(lang)),
            title_style(false),
        ))),
        area,
    );
    let inside = inner(area);
    if v.queue.is_empty() {
        let text = match v.my_choice {
            Some(c) => B::Chosen.fill(lang, &[&c]),
            None => B::NothingRevealed.t(lang).to_owned(),
        };
        frame.render_widget(Paragraph::new(Span::styled(text, dim())), inside);
        return;
    }
    let mut cards = Vec::new();
    let mut owners = Vec::new();
    let width = REVEAL_CELL as usize;
    for p in &v.queue {
        cards.push(Span::styled(
            format!("{:<width$}", card_text(p.card)),
            card_style(p.card),
        ));
        let name: String = app.owner_name(p.owner).chars().take(width - 1).collect();
        let style = match p.owner {
            Owner::Buffalo => Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
            Owner::Seat(s) if s == app.me() => Style::default().add_modifier(Modifier::BOLD),
            Owner::Seat(_) => Style::default(),
        };
        owners.push(Span::styled(format!("{name:<width$}"), style));
    }
    frame.render_widget(
        Paragraph::new(vec![Line::from(cards), Line::from(owners)]),
        inside,
    );
}

fn draw_specials(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", B::Specials.fill(lang, &[&v.stack_size])),
            title_style(false),
        ))),
        area,
    );
    let mut lines: Vec<Line> = v
        .open_specials
        .iter()
        .map(|&s| {
            Line::from(vec![
                Span::styled(
                    format!("{:<16}", s.name()),
                    Style::default()
                        .fg(Color::Cyan)
                        .add_modifier(Modifier::BOLD),
                ),
                Span::raw(explain(s, lang)),
            ])
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::from(Span::styled(B::NoSpecials.t(lang), dim())));
    }
    frame.render_widget(Paragraph::new(lines), inner(area));
}

fn draw_middle(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let inside = inner(area);
    if app.asked() == Some(Decision::Window) {
        let uses = app.uses();
        frame.render_widget(
            titled(Line::from(Span::styled(
                format!(" {} ", B::Uses.t(lang)),
                title_style(true),
            ))),
            area,
        );
        if uses.is_empty() {
            frame.render_widget(Paragraph::new(B::NoUse.t(lang)), inside);
            return;
        }
        let room = inside.height as usize;
        let top = uses_top(app, room);
        let lines: Vec<Line> = uses
            .iter()
            .enumerate()
            .skip(top)
            .take(room)
            .map(|(i, a)| {
                let selected = i == app.screen.pick;
                let text = format!("{} {}", if selected { '▶' } else { ' ' }, app.describe(a));
                choice_line(text, selected)
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
    let choosing = app.asked() == Some(Decision::PlayCard);
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", B::YourHand.t(lang)),
            title_style(choosing),
        ))),
        area,
    );
    if v.hand.is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(lang.t(T::HandEmpty), dim())),
            inner(area),
        );
        return;
    }
    for (i, &c) in v.hand.iter().enumerate() {
        let mut style = card_style(c);
        if choosing && i == app.screen.cursor {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        } else if !choosing {
            style = style.add_modifier(Modifier::DIM);
        }
        frame.render_widget(
            Paragraph::new(Span::styled(card_text(c), style)),
            cell(area, i),
        );
    }
}

fn status_text(app: &App) -> String {
    let lang = app.lang;
    let v = app.view();
    if let Some(Pause::GameOver { .. }) = &app.pause {
        return lang.t(T::GameOverHint).to_owned();
    }
    if app.animating() {
        return lang.t(T::Animating).to_owned();
    }
    match app.asked() {
        Some(Decision::PlayCard) if app.legal().contains(&Action::AskAgain) => {
            format!("{} · {}", B::PromptPlay.t(lang), B::PromptAskAgain.t(lang))
        }
        Some(Decision::PlayCard) => B::PromptPlay.t(lang).to_owned(),
        Some(Decision::TakeRow) => {
            let card = app.low_card().map(|c| c.to_string()).unwrap_or_default();
            B::PromptRow.fill(lang, &[&card])
        }
        Some(Decision::Window) => B::PromptWindow.t(lang).to_owned(),
        None => {
            let who: Vec<String> = v.waiting_for.iter().map(|&s| app.name(s)).collect();
            lang.fill(T::WaitingFor, &[&who.join(", ")])
        }
    }
}
