//! Painting the [`App`]: one layout function shared by drawing and mouse hits, so a click lands
//! on exactly what is drawn there.

use crate::app::{App, Overlay, Pause};
use crate::text::{Lang, T};
use nimmt_core::games::classic::{Decision, Fan, Marker, PhaseView, Play, ROWS, ROW_CAPACITY};
use nimmt_core::Card;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The narrowest terminal the table fits in.
pub const MIN_WIDTH: u16 = 80;
/// Columns a card takes, with the gap after it.
pub const CELL: u16 = 7;
/// Width of the players' panel.
const SCORES_WIDTH: u16 = 24;

/// Where each part of the table is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub header: Rect,
    pub rows: Rect,
    pub scores: Rect,
    pub middle: Rect,
    pub hand: Rect,
    pub status: Rect,
}

/// What a click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Hand(usize),
    Row(usize),
    Pool(usize),
}

fn inner(r: Rect) -> Rect {
    Rect {
        x: r.x + 1,
        y: r.y + 1,
        width: r.width.saturating_sub(2),
        height: r.height.saturating_sub(2),
    }
}

fn per_line(width: u16) -> usize {
    (width.saturating_sub(2) / CELL).max(1) as usize
}

/// Cards per line of the draft pool at the current size.
pub fn pool_per_line(app: &App) -> usize {
    per_line(app.width)
}

fn pool_len(app: &App) -> Option<usize> {
    match &app.view().phase {
        PhaseView::Draft { pool, .. } => Some(pool.len()),
        _ => None,
    }
}

/// The lines each part needs at the current state and width.
fn heights(app: &App) -> (u16, u16, u16) {
    let v = app.view();
    let top = (ROWS.max(v.players + 1) + 2) as u16;
    let middle = match pool_len(app) {
        Some(n) => (n.div_ceil(per_line(app.width)).max(1) + 2) as u16,
        None => 5,
    };
    let hand_cards = (v.options.hand_size as usize).max(v.hand.len()).max(1);
    let hand = (hand_cards.div_ceil(per_line(app.width)) + 2) as u16;
    (top, middle, hand)
}

/// The fewest lines the table needs now.
pub fn min_height(app: &App) -> u16 {
    let (top, middle, hand) = heights(app);
    1 + top + middle + hand + 1
}

/// Whether the table fits in the terminal.
pub fn fits(app: &App) -> bool {
    app.width >= MIN_WIDTH && app.height >= min_height(app)
}

/// The layout of the table in a terminal of the app's size.
pub fn areas(app: &App) -> Areas {
    let (top, middle, hand) = heights(app);
    let w = app.width;
    let header = Rect::new(0, 0, w, 1);
    let rows = Rect::new(0, 1, w.saturating_sub(SCORES_WIDTH), top);
    let scores = Rect::new(rows.width, 1, SCORES_WIDTH.min(w), top);
    // The table panel takes the lines left over.
    let spare = app.height.saturating_sub(min_height(app));
    let middle = Rect::new(0, 1 + top, w, middle + spare);
    let hand = Rect::new(0, middle.y + middle.height, w, hand);
    let status = Rect::new(0, hand.y + hand.height, w, 1);
    Areas {
        header,
        rows,
        scores,
        middle,
        hand,
        status,
    }
}

fn cell(area: Rect, i: usize) -> Rect {
    let inner = inner(area);
    let per = per_line(area.width);
    Rect::new(
        inner.x + (i % per) as u16 * CELL,
        inner.y + (i / per) as u16,
        CELL - 1,
        1,
    )
}

fn contains(r: Rect, x: u16, y: u16) -> bool {
    x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
}

/// What is drawn at cell (`x`, `y`).
pub fn hit(app: &App, x: u16, y: u16) -> Option<Target> {
    if !fits(app) {
        return None;
    }
    let a = areas(app);
    let rows_inner = inner(a.rows);
    if contains(rows_inner, x, y) && ((y - rows_inner.y) as usize) < ROWS {
        return Some(Target::Row((y - rows_inner.y) as usize));
    }
    if let Some(n) = pool_len(app) {
        return (0..n)
            .find(|&i| contains(cell(a.middle, i), x, y))
            .map(Target::Pool);
    }
    (0..app.view().hand.len())
        .find(|&i| contains(cell(a.hand, i), x, y))
        .map(Target::Hand)
}

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

/// Paints the whole screen.
pub fn draw(app: &App, frame: &mut Frame) {
    let full = frame.area();
    if !fits(app) || full.width < app.width || full.height < app.height {
        draw_too_small(app, frame);
        return;
    }
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
    draw_status(app, frame, a.status);
    match (&app.overlay, &app.pause) {
        (Some(Overlay::Help), _) => draw_help(app, frame),
        (Some(Overlay::ConfirmQuit), _) => draw_confirm(app, frame),
        (
            None,
            Some(Pause::DealOver {
                deal,
                points,
                totals,
            }),
        ) => draw_deal_over(app, frame, *deal, points, totals),
        (None, Some(Pause::GameOver { scores, winners })) => {
            draw_game_over(app, frame, scores, winners)
        }
        (None, None) => {}
    }
}

fn draw_too_small(app: &App, frame: &mut Frame) {
    let lang = app.lang;
    let area = frame.area();
    let need = min_height(app);
    let lines = vec![
        Line::from(Span::styled(
            lang.fill(T::TooSmall, &[&area.width, &area.height]),
            Style::default().add_modifier(Modifier::BOLD),
        )),
        Line::from(lang.fill(T::TooSmallHint, &[&MIN_WIDTH, &need])),
    ];
    let y = area.height.saturating_sub(lines.len() as u16) / 2;
    let r = Rect::new(
        area.x,
        area.y + y,
        area.width,
        area.height.saturating_sub(y),
    );
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        r,
    );
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
    let mut left = format!(" {} · ", lang.t(T::Title));
    if matches!(v.phase, PhaseView::Draft { .. }) {
        left.push_str(&lang.fill(T::DraftHeader, &[&v.deal]));
    } else {
        left.push_str(&lang.fill(
            T::DealTurn,
            &[&v.deal, &v.turn.max(1), &v.options.hand_size],
        ));
    }
    if let Some(f) = fan_text(lang, v.options.fan) {
        left.push_str(" · ");
        left.push_str(f);
    }
    let right = format!("{} ", lang.t(T::HelpQuitHint));
    let style = Style::default().fg(Color::Black).bg(Color::Green);
    frame.render_widget(
        Paragraph::new(left).style(style.add_modifier(Modifier::BOLD)),
        area,
    );
    frame.render_widget(
        Paragraph::new(right)
            .style(style)
            .alignment(Alignment::Right),
        {
            let w = right_width(&format!("{} ", lang.t(T::HelpQuitHint)));
            Rect::new(
                area.x + area.width.saturating_sub(w),
                area.y,
                w.min(area.width),
                1,
            )
        },
    );
}

fn right_width(s: &str) -> u16 {
    s.chars().count() as u16
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
        let selected = choosing && app.row_cursor == r;
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
        if picking && i == app.cursor {
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
        if playing && i == app.cursor {
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

fn draw_status(app: &App, frame: &mut Frame, area: Rect) {
    frame.render_widget(
        Paragraph::new(format!(" {}", status_text(app))).style(
            Style::default()
                .fg(Color::Black)
                .bg(Color::White)
                .add_modifier(Modifier::BOLD),
        ),
        area,
    );
}

fn centered(frame: &Frame, width: u16, height: u16) -> Rect {
    let a = frame.area();
    let w = width.min(a.width);
    let h = height.min(a.height);
    Rect::new(a.x + (a.width - w) / 2, a.y + (a.height - h) / 2, w, h)
}

fn popup(frame: &mut Frame, area: Rect, title: &str, style: Style) -> Rect {
    frame.render_widget(Clear, area);
    frame.render_widget(
        Block::default()
            .borders(Borders::ALL)
            .border_style(style)
            .title(Span::styled(
                format!(" {title} "),
                style.add_modifier(Modifier::BOLD),
            )),
        area,
    );
    inner(area)
}

fn draw_help(app: &App, frame: &mut Frame) {
    let lang = app.lang;
    let text = lang.t(T::HelpText);
    let width = text.lines().map(|l| l.chars().count()).max().unwrap_or(40) as u16 + 4;
    let height = text.lines().count() as u16 + 2;
    let area = centered(frame, width, height);
    let inner_area = popup(
        frame,
        area,
        lang.t(T::HelpTitle),
        Style::default().fg(Color::Cyan),
    );
    frame.render_widget(
        Paragraph::new(text).wrap(Wrap { trim: false }),
        Rect {
            x: inner_area.x + 1,
            width: inner_area.width.saturating_sub(1),
            ..inner_area
        },
    );
}

fn draw_confirm(app: &App, frame: &mut Frame) {
    let text = app.lang.t(T::ConfirmQuit);
    let area = centered(frame, text.chars().count() as u16 + 6, 3);
    let inner_area = popup(
        frame,
        area,
        app.lang.t(T::Title),
        Style::default().fg(Color::Yellow),
    );
    frame.render_widget(
        Paragraph::new(text).alignment(Alignment::Center),
        inner_area,
    );
}

fn result_lines(app: &App, first: &[u32], second: &[u32], winners: &[usize]) -> Vec<Line<'static>> {
    let lang = app.lang;
    let mut order: Vec<usize> = (0..first.len()).collect();
    order.sort_by_key(|&s| (second[s], s));
    let mut lines = vec![Line::from(Span::styled(
        format!("{:<14}{:>14}", "", lang.t(T::ResultColumns)),
        Style::default().add_modifier(Modifier::DIM),
    ))];
    for s in order {
        let win = winners.contains(&s);
        let style = if win {
            Style::default()
                .fg(Color::Green)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(
            format!(
                "{} {:<12}{:>6}{:>8}",
                if win { '★' } else { ' ' },
                app.names()[s],
                first[s],
                second[s]
            ),
            style,
        )));
    }
    lines
}

fn draw_deal_over(app: &App, frame: &mut Frame, deal: u32, points: &[u32], totals: &[u32]) {
    let lang = app.lang;
    let best = totals.iter().min().copied().unwrap_or(0);
    let leaders: Vec<usize> = (0..totals.len()).filter(|&s| totals[s] == best).collect();
    let lines = result_lines(app, points, totals, &leaders);
    let title = lang.fill(T::DealOver, &[&deal]);
    let hint = lang.t(T::DealOverHint);
    result_popup(frame, lines, hint, 36, &title, Color::Yellow);
}

/// A result popup: the lines, a bold hint below them, a coloured frame with a title.
fn result_popup(
    frame: &mut Frame,
    mut lines: Vec<Line<'static>>,
    hint: &str,
    width: u16,
    title: &str,
    colour: Color,
) {
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        hint.to_owned(),
        Style::default().add_modifier(Modifier::BOLD),
    )));
    let area = centered(frame, width, lines.len() as u16 + 2);
    let inner_area = popup(frame, area, title, Style::default().fg(colour));
    frame.render_widget(
        Paragraph::new(lines),
        Rect {
            x: inner_area.x + 1,
            width: inner_area.width.saturating_sub(1),
            ..inner_area
        },
    );
}

fn draw_game_over(app: &App, frame: &mut Frame, scores: &[u32], winners: &[nimmt_core::Seat]) {
    let lang = app.lang;
    let v = app.view();
    let winners: Vec<usize> = winners.iter().map(|s| s.index()).collect();
    let banner = if winners.contains(&app.me().index()) {
        lang.t(if winners.len() > 1 {
            T::YouShareWin
        } else {
            T::YouWin
        })
        .to_owned()
    } else {
        let names: Vec<&str> = winners.iter().map(|&s| app.names()[s].as_str()).collect();
        if names.len() > 1 {
            lang.fill(T::ShareWin, &[&names.join(", ")])
        } else {
            lang.fill(T::Wins, &[&names.join("")])
        }
    };
    let last = v
        .history
        .last()
        .cloned()
        .unwrap_or_else(|| vec![0; scores.len()]);
    let mut lines = vec![
        Line::from(Span::styled(
            banner,
            Style::default()
                .fg(Color::Black)
                .bg(Color::Green)
                .add_modifier(Modifier::BOLD),
        ))
        .alignment(Alignment::Center),
        Line::from(""),
    ];
    lines.extend(result_lines(app, &last, scores, &winners));
    let hint = lang.t(T::GameOverHint);
    result_popup(frame, lines, hint, 40, lang.t(T::GameOver), Color::Green);
}
