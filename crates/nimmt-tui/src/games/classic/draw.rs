//! Painting the classic table: header, rows, players, the cards of a turn or the draft pool,
//! your hand and the status line. The windows over it come from the shell.

use super::layout::{areas, cell, per_line, pool_len};
use super::ClassicApp as App;
use crate::app::Pause;
use crate::text::{Lang, T};
use crate::widgets::{header, inner, status};
use nimmt_core::games::classic::{Decision, Fan, Marker, PhaseView, Play, ROWS, ROW_CAPACITY};
use nimmt_core::Card;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

// ----- cards -----

fn superscript(d: u8) -> char {
    match d {
        1 => '¹',
        2 => '²',
        3 => '³',
        5 => '⁵',
        7 => '⁷',
        _ => '?',
    }
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

/// A card as six columns: `[ 55⁷]`, the small digit its bull heads.
pub fn card_text(card: Card) -> String {
    format!("[{:>3}{}]", card.number(), superscript(card.bull_heads()))
}

fn card_span(card: Card) -> Span<'static> {
    Span::styled(card_text(card), card_style(card))
}

// ----- drawing -----

/// Paints the table (the shell checks the size and adds the windows over it).
pub fn draw(app: &App, frame: &mut Frame) {
    let a = areas(app);
    draw_header(app, frame, a.header);
    draw_rows(app, frame, a.rows);
    draw_scores(app, frame, a.scores);
    if pool_len(app).is_some() {
        draw_pool(app, frame, a.middle);
    } else {
        draw_table(app, frame, a.middle);
    }
    draw_hand(app, frame, a.hand);
    status(frame, a.status, &status_text(app));
}

fn fan_text(lang: Lang, fan: Option<Fan>) -> Option<&'static str> {
    fan.map(|f| {
        lang.t(match f {
            Fan::EvenOdd => T::FanEvenOdd,
            Fan::Mountain => T::FanMountain,
            Fan::Cow => T::FanCow,
            Fan::DigitSwap => T::FanDigitSwap,
        })
    })
}

fn draw_header(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let mut facts = if matches!(v.phase, PhaseView::Draft { .. }) {
        lang.fill(T::DraftHeader, &[&v.deal])
    } else {
        lang.fill(
            T::DealTurn,
            &[&v.deal, &v.turn.max(1), &v.options.hand_size],
        )
    };
    if let Some(f) = fan_text(lang, v.options.fan) {
        facts.push_str(" · ");
        facts.push_str(f);
    }
    // The game's title gives way when the deal, turn and fan card need the room.
    let titled = format!(" {} · {facts}", lang.t(T::Title));
    let room = usize::from(area.width).saturating_sub(lang.t(T::HelpQuitHint).chars().count() + 2);
    let left = if titled.chars().count() <= room {
        titled
    } else {
        format!(" {facts}")
    };
    header(lang, frame, area, left);
}

fn draw_rows(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let choosing = app.asked() == Some(Decision::TakeRow);
    let title_style = if choosing {
        Style::default()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default().add_modifier(Modifier::BOLD)
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .title(Span::styled(format!(" {} ", lang.t(T::Rows)), title_style));
    let inner_area = inner(area);
    frame.render_widget(block, area);
    if v.rows.rows.iter().all(Vec::is_empty) {
        frame.render_widget(
            Paragraph::new(lang.t(T::RowsAfterDraft)).wrap(Wrap { trim: true }),
            inner_area,
        );
        return;
    }
    let mut lines = Vec::new();
    for r in 0..ROWS {
        let selected = choosing && app.screen.row_cursor == r;
        let mut spans = vec![Span::styled(
            format!("{}{} ", if selected { '▶' } else { ' ' }, r + 1),
            if choosing {
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD)
            } else {
                Style::default().add_modifier(Modifier::DIM)
            },
        )];
        let cards = &v.rows.rows[r];
        for &c in cards {
            spans.push(card_span(c));
            spans.push(Span::raw(" "));
        }
        let cow = v.rows.marker == Some(Marker::Cow { row: r });
        if cow {
            spans.push(Span::styled(
                format!("[{:^4}]", lang.t(T::Cow)),
                Style::default()
                    .fg(Color::Black)
                    .bg(Color::White)
                    .add_modifier(Modifier::BOLD),
            ));
            spans.push(Span::raw(" "));
        }
        let used = v.rows.items(r);
        for _ in used..ROW_CAPACITY {
            spans.push(Span::styled(
                "   ·   ",
                Style::default().add_modifier(Modifier::DIM),
            ));
        }
        spans.push(Span::styled(
            format!("Σ{:<3}", v.rows.heads(r)),
            Style::default().add_modifier(Modifier::BOLD),
        ));
        match v.rows.marker {
            Some(Marker::EvenOdd { row, even }) if row == r => spans.push(Span::styled(
                format!(" [{}]", lang.t(if even { T::Even } else { T::Odd })),
                Style::default().fg(Color::Black).bg(Color::Cyan),
            )),
            Some(Marker::Mountain { row, up }) if row == r => spans.push(Span::styled(
                format!(
                    " [{} {}]",
                    lang.t(T::MountainTag),
                    if up { '↑' } else { '↓' }
                ),
                Style::default().fg(Color::Black).bg(Color::Cyan),
            )),
            _ => {}
        }
        let mut line = Line::from(spans);
        if selected {
            line = line.style(Style::default().add_modifier(Modifier::REVERSED));
        }
        lines.push(line);
    }
    frame.render_widget(Paragraph::new(lines), inner_area);
}

fn draw_scores(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let block = Block::default().borders(Borders::ALL).title(Span::styled(
        format!(" {} ", lang.t(T::Scores)),
        Style::default().add_modifier(Modifier::BOLD),
    ));
    let inner_area = inner(area);
    frame.render_widget(block, area);
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "{:>width$}",
            lang.t(T::ScoreColumns),
            width = inner_area.width as usize
        ),
        Style::default().add_modifier(Modifier::DIM),
    ))];
    let digit_swap = v.options.fan == Some(Fan::DigitSwap);
    for s in 0..v.players {
        let (mark, style) = match &v.phase {
            PhaseView::Choose { chosen, .. } if chosen.get(s).copied().unwrap_or(false) => {
                ('✓', Style::default().fg(Color::Green))
            }
            PhaseView::Choose { .. } => ('…', Style::default().add_modifier(Modifier::DIM)),
            PhaseView::Draft { next, .. } if next.index() == s => {
                ('▶', Style::default().fg(Color::Yellow))
            }
            PhaseView::Place { queue } if queue.first().is_some_and(|p| p.seat.index() == s) => {
                ('▶', Style::default().fg(Color::Yellow))
            }
            _ => (' ', Style::default()),
        };
        let z = if digit_swap && v.swap_left.get(s).copied().unwrap_or(false) {
            'Z'
        } else {
            ' '
        };
        let name: String = app.names()[s].chars().take(8).collect();
        let name_style = if s == app.me().index() {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{mark} "), style),
            Span::styled(format!("{name:<8}"), name_style),
            Span::raw(format!("{z}{:>5}{:>6}", v.deal_points[s], v.totals[s])),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), inner_area);
}

/// Short seat names for the reveal line: `You`, `B1`, `B2`, ….
fn short_name(app: &App, play: &Play) -> String {
    if play.seat == app.me() {
        app.lang.t(T::You).to_owned()
    } else {
        format!("B{}", play.seat.0)
    }
}

fn draw_table(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let (revealed, laid, turn) = app.revealed();
    let title = if revealed.is_empty() {
        lang.t(T::Played).to_owned()
    } else {
        lang.fill(T::PlayedTurn, &[&turn])
    };
    let block = Block::default().borders(Borders::ALL).title(Span::styled(
        format!(" {title} "),
        Style::default().add_modifier(Modifier::BOLD),
    ));
    let inner_area = inner(area);
    frame.render_widget(block, area);
    let mut lines = Vec::new();
    let mine = match &v.phase {
        PhaseView::Choose { mine: Some(p), .. } => Some(*p),
        _ => None,
    };
    if let Some(p) = mine {
        let card = if p.swap {
            format!("{} (→ {})", p.card, p.value())
        } else {
            p.card.to_string()
        };
        lines.push(Line::from(Span::styled(
            lang.fill(T::YourCardHidden, &[&card]),
            Style::default().add_modifier(Modifier::ITALIC),
        )));
    } else if !revealed.is_empty() {
        let mut spans = Vec::new();
        for (i, p) in revealed.iter().enumerate() {
            let next = i == laid && app.animating();
            let mut style = card_style(p.card);
            if i < laid {
                style = style.add_modifier(Modifier::DIM);
            }
            if next {
                style = style.add_modifier(Modifier::REVERSED);
            }
            spans.push(Span::styled(
                format!("{}:", short_name(app, p)),
                Style::default().add_modifier(Modifier::DIM),
            ));
            let text = if p.swap {
                format!("{}→{}", p.card, p.value())
            } else {
                p.card.to_string()
            };
            spans.push(Span::styled(text, style));
            spans.push(Span::raw("  "));
        }
        lines.push(Line::from(spans));
    } else {
        lines.push(Line::from(""));
    }
    let log = app.log_lines();
    let keep = (inner_area.height as usize).saturating_sub(lines.len());
    for l in &log[log.len().saturating_sub(keep)..] {
        lines.push(Line::from(l.clone()));
    }
    frame.render_widget(Paragraph::new(lines), inner_area);
}

fn draw_pool(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let PhaseView::Draft { pool, .. } = &app.view().phase else {
        return;
    };
    let picking = app.asked() == Some(Decision::DraftPick);
    let title_style = if picking {
        Style::default()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default().add_modifier(Modifier::BOLD)
    };
    frame.render_widget(
        Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(format!(" {} ", lang.t(T::Pool)), title_style)),
        area,
    );
    for (i, &c) in pool.iter().enumerate() {
        let mut style = card_style(c);
        if picking && i == app.screen.cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        frame.render_widget(
            Paragraph::new(Span::styled(card_text(c), style)),
            cell(area, i),
        );
    }
    // Below the pool: who picked what, newest last.
    let inner_area = inner(area);
    let used = pool.len().div_ceil(per_line(area.width)) as u16 + 1;
    if inner_area.height > used {
        let room = (inner_area.height - used) as usize;
        let log = app.log_lines();
        let lines: Vec<Line> = log[log.len().saturating_sub(room)..]
            .iter()
            .map(|l| Line::from(l.clone()))
            .collect();
        frame.render_widget(
            Paragraph::new(lines),
            Rect {
                y: inner_area.y + used,
                height: inner_area.height - used,
                ..inner_area
            },
        );
    }
}

fn draw_hand(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let playing = app.asked() == Some(Decision::PlayCard);
    let mut title = vec![Span::styled(
        format!(" {} ", lang.t(T::YourHand)),
        if playing {
            Style::default()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::BOLD)
        },
    )];
    if playing {
        match app.swap_preview() {
            Some((card, Some(value))) => title.push(Span::styled(
                format!(" {} ", lang.fill(T::SwapOn, &[&card, &value])),
                Style::default()
                    .fg(Color::Black)
                    .bg(Color::Magenta)
                    .add_modifier(Modifier::BOLD),
            )),
            Some((_, None)) => title.push(Span::styled(
                format!(" {} ", lang.t(T::SwapNotForThis)),
                Style::default().fg(Color::Black).bg(Color::Magenta),
            )),
            None => {}
        }
    }
    frame.render_widget(
        Block::default()
            .borders(Borders::ALL)
            .title(Line::from(title)),
        area,
    );
    if v.hand.is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(
                lang.t(T::HandEmpty),
                Style::default().add_modifier(Modifier::DIM),
            )),
            inner(area),
        );
        return;
    }
    for (i, &c) in v.hand.iter().enumerate() {
        let mut style = card_style(c);
        if playing && i == app.screen.cursor {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        } else if !playing {
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
    match &app.pause {
        Some(Pause::DealOver { .. }) => return lang.t(T::DealOverHint).to_owned(),
        Some(Pause::GameOver { .. }) => return lang.t(T::GameOverHint).to_owned(),
        None => {}
    }
    if app.animating() {
        return lang.t(T::Animating).to_owned();
    }
    match app.asked() {
        Some(Decision::PlayCard) => {
            let mut s = lang.t(T::PromptPlay).to_owned();
            if app.swap_available() {
                s.push_str(" · ");
                s.push_str(lang.t(T::PromptPlaySwap));
            }
            s
        }
        Some(Decision::TakeRow) => {
            let card = app.low_card().map(|c| c.to_string()).unwrap_or_default();
            lang.fill(T::PromptRow, &[&card])
        }
        Some(Decision::DraftPick) => lang.t(T::PromptDraft).to_owned(),
        None => {
            if let PhaseView::Draft { next, .. } = &v.phase {
                let who = &app.names()[next.index()];
                return lang.fill(T::WaitingDraft, &[who]);
            }
            let who: Vec<&str> = v
                .waiting_for
                .iter()
                .map(|s| app.names()[s.index()].as_str())
                .collect();
            lang.fill(T::WaitingFor, &[&who.join(", ")])
        }
    }
}
