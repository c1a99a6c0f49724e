//! Drawing shared by every game's screen: the header and status bars, windows over the table
//! (help, leaving, results), the message for a terminal too small, and [`draw`], which paints a
//! table with its game's screen and the windows over it.

use crate::app::{App, GameScreen, Overlay, Pause};
use crate::text::{Lang, T};
use nimmt_core::Seat;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// Paints the whole screen of a table: the game's own drawing, the window over it if any.
pub fn draw<S: GameScreen>(app: &App<S>, frame: &mut Frame) {
    let full = frame.area();
    if !app.fits() || full.width < app.width || full.height < app.height {
        let (w, h) = S::min_size(app);
        too_small(app.lang, frame, w, h);
        return;
    }
    S::draw(app, frame);
    match (&app.overlay, &app.pause) {
        (Some(Overlay::Help), _) => help(frame, S::help_title(app.lang), S::help_text(app.lang)),
        (Some(Overlay::ConfirmQuit), _) => confirm(app.lang, frame, S::title(app.lang)),
        (
            None,
            Some(Pause::DealOver {
                deal,
                points,
                totals,
            }),
        ) => deal_over(app, frame, *deal, points, totals),
        (None, Some(Pause::GameOver { .. })) if S::result(app).is_some() => {
            let (banner, lines) = S::result(app).unwrap_or_default();
            team_over(app.lang, frame, banner, lines)
        }
        (None, Some(Pause::GameOver { scores, winners })) => {
            let last = S::last_points(app.view());
            game_over(app, frame, last.as_deref(), scores, winners)
        }
        (None, None) => {}
    }
}

/// The area inside a bordered box.
pub fn inner(r: Rect) -> Rect {
    Rect {
        x: r.x + 1,
        y: r.y + 1,
        width: r.width.saturating_sub(2),
        height: r.height.saturating_sub(2),
    }
}

/// Whether (`x`, `y`) lies in `r`.
pub fn contains(r: Rect, x: u16, y: u16) -> bool {
    x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
}

/// The style of a box title: highlighted when the player must act there.
pub fn title_style(active: bool) -> Style {
    if active {
        Style::default()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default().add_modifier(Modifier::BOLD)
    }
}

/// A bordered box with a title.
pub fn titled(title: Line<'static>) -> Block<'static> {
    Block::default().borders(Borders::ALL).title(title)
}

/// The header bar: the game and where it stands on the left, the help and quit keys on the right.
pub fn header(lang: Lang, frame: &mut Frame, area: Rect, left: String) {
    let style = Style::default().fg(Color::Black).bg(Color::Green);
    frame.render_widget(
        Paragraph::new(left).style(style.add_modifier(Modifier::BOLD)),
        area,
    );
    let right = format!("{} ", lang.t(T::HelpQuitHint));
    let w = right.chars().count() as u16;
    frame.render_widget(
        Paragraph::new(right)
            .style(style)
            .alignment(Alignment::Right),
        Rect::new(
            area.x + area.width.saturating_sub(w),
            area.y,
            w.min(area.width),
            1,
        ),
    );
}

/// The style of the status bar.
/// One entry of a list to choose from: reversed and bold while it is the one selected.
pub fn choice_line(text: String, selected: bool) -> Line<'static> {
    let style = if selected {
        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    } else {
        Style::default()
    };
    Line::from(Span::styled(text, style))
}

pub fn status_style() -> Style {
    Style::default()
        .fg(Color::Black)
        .bg(Color::White)
        .add_modifier(Modifier::BOLD)
}

/// The status bar: what the player is asked, or who is awaited.
pub fn status(frame: &mut Frame, area: Rect, text: &str) {
    frame.render_widget(
        Paragraph::new(format!(" {text}")).style(status_style()),
        area,
    );
}

/// The latest log lines that fit in `room` lines.
pub fn log_tail(log: &[String], room: usize) -> Vec<Line<'static>> {
    log[log.len().saturating_sub(room)..]
        .iter()
        .map(|l| Line::from(l.clone()))
        .collect()
}

fn too_small(lang: Lang, frame: &mut Frame, min_width: u16, min_height: u16) {
    let area = frame.area();
    let lines = vec![
        Line::from(Span::styled(
            lang.fill(T::TooSmall, &[&area.width, &area.height]),
            Style::default().add_modifier(Modifier::BOLD),
        )),
        Line::from(lang.fill(T::TooSmallHint, &[&min_width, &min_height])),
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

/// A rectangle of this size in the middle of the screen.
pub fn centered(frame: &Frame, width: u16, height: u16) -> Rect {
    let a = frame.area();
    let w = width.min(a.width);
    let h = height.min(a.height);
    Rect::new(a.x + (a.width - w) / 2, a.y + (a.height - h) / 2, w, h)
}

/// A cleared, framed window; returns the area inside.
pub fn popup(frame: &mut Frame, area: Rect, title: &str, style: Style) -> Rect {
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

fn help(frame: &mut Frame, title: &str, text: &str) {
    let width = text.lines().map(|l| l.chars().count()).max().unwrap_or(40) as u16 + 4;
    let height = text.lines().count() as u16 + 2;
    let area = centered(frame, width, height);
    let inner_area = popup(frame, area, title, Style::default().fg(Color::Cyan));
    frame.render_widget(
        Paragraph::new(text.to_owned()).wrap(Wrap { trim: false }),
        Rect {
            x: inner_area.x + 1,
            width: inner_area.width.saturating_sub(1),
            ..inner_area
        },
    );
}

fn confirm(lang: Lang, frame: &mut Frame, title: &str) {
    let text = lang.t(T::ConfirmQuit);
    let area = centered(frame, text.chars().count() as u16 + 6, 3);
    let inner_area = popup(frame, area, title, Style::default().fg(Color::Yellow));
    frame.render_widget(
        Paragraph::new(text).alignment(Alignment::Center),
        inner_area,
    );
}

/// The result table: per seat the points of the last deal (`first`; `None`: a game without
/// deals shows only the totals) and the totals, best first.
fn result_lines<S: GameScreen>(
    app: &App<S>,
    first: Option<&[i32]>,
    second: &[i32],
    winners: &[usize],
) -> Vec<Line<'static>> {
    let lang = app.lang;
    let columns = match first {
        Some(_) => lang.t(T::ResultColumns),
        None => lang
            .t(T::ResultColumns)
            .rsplit(' ')
            .next()
            .unwrap_or_default(),
    };
    let mut lines = vec![Line::from(Span::styled(
        format!("{:<14}{:>14}", "", columns),
        Style::default().add_modifier(Modifier::DIM),
    ))];
    for s in app.ranking(second) {
        let win = winners.contains(&s);
        let style = if win {
            Style::default()
                .fg(Color::Green)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(
            match first {
                Some(first) => format!(
                    "{} {:<12}{:>6}{:>8}",
                    if win { '★' } else { ' ' },
                    app.name(Seat(s as u8)),
                    first.get(s).copied().unwrap_or(0),
                    second[s]
                ),
                None => format!(
                    "{} {:<12}{:>14}",
                    if win { '★' } else { ' ' },
                    app.name(Seat(s as u8)),
                    second[s]
                ),
            },
            style,
        )));
    }
    lines
}

fn deal_over<S: GameScreen>(
    app: &App<S>,
    frame: &mut Frame,
    deal: u32,
    points: &[i32],
    totals: &[i32],
) {
    let lang = app.lang;
    let best = app.ranking(totals).first().map(|&s| totals[s]).unwrap_or(0);
    let leaders: Vec<usize> = (0..totals.len()).filter(|&s| totals[s] == best).collect();
    let note = S::deal_note(app);
    let width: u16 = if note.is_empty() { 36 } else { 48 };
    let mut lines: Vec<Line<'static>> = note
        .iter()
        .flat_map(|n| wrap_words(n, usize::from(width) - 4))
        .map(Line::from)
        .collect();
    if !lines.is_empty() {
        lines.push(Line::from(""));
    }
    lines.extend(result_lines(app, Some(points), totals, &leaders));
    let title = lang.fill(T::DealOver, &[&deal]);
    let hint = lang.t(T::DealOverHint);
    result_popup(frame, lines, hint, width, &title, Color::Yellow);
}

/// `text` broken between words into lines of at most `width` characters.
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A result window: the lines, a bold hint below them, a coloured frame with a title.
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

/// The result of a game whose screen tells it in its own words.
fn team_over(lang: Lang, frame: &mut Frame, banner: String, text: Vec<String>) {
    let width = text
        .iter()
        .chain([&banner])
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(36) as u16
        + 4;
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
    lines.extend(text.into_iter().map(Line::from));
    let hint = lang.t(T::GameOverHint);
    result_popup(frame, lines, hint, width, lang.t(T::GameOver), Color::Green);
}

fn game_over<S: GameScreen>(
    app: &App<S>,
    frame: &mut Frame,
    last: Option<&[i32]>,
    scores: &[i32],
    winners: &[Seat],
) {
    let lang = app.lang;
    let mut lines = vec![
        Line::from(Span::styled(
            app.banner(winners),
            Style::default()
                .fg(Color::Black)
                .bg(Color::Green)
                .add_modifier(Modifier::BOLD),
        ))
        .alignment(Alignment::Center),
        Line::from(""),
    ];
    let winners: Vec<usize> = winners.iter().map(|s| s.index()).collect();
    lines.extend(result_lines(app, last, scores, &winners));
    let hint = lang.t(T::GameOverHint);
    result_popup(frame, lines, hint, 40, lang.t(T::GameOver), Color::Green);
}
