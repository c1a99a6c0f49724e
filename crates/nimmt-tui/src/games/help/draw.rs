//! Painting the HELP! table: header, the row with its positions, the players, the piles, the
//! log or the open choice, your hand and the status line. The windows over it come from the
//! shell.

use super::layout::{areas, cell, CELL};
use super::text::H;
use super::{card_text, direction_text, row_card_text, HelpApp as App};
use crate::app::Pause;
use crate::text::T;
use crate::widgets::{choice_line, header, inner, log_tail, status, title_style, titled};
use nimmt_core::games::help::{Action, Decision, HelpCard, NoMark, PhaseView, ROW_CAPACITY};
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
        H::Title.t(lang),
        H::Header.fill(
            lang,
            &[&v.deal, &v.turn, &direction_text(lang, v.direction)]
        )
    );
    header(lang, frame, a.header, left);
    draw_row(app, frame, a.row);
    draw_players(app, frame, a.players);
    draw_middle(app, frame, a.middle);
    draw_hand(app, frame, a.hand);
    status(frame, a.status, &status_text(app));
}

fn card_style(card: HelpCard) -> Style {
    let s = Style::default();
    match card {
        HelpCard::Number(_) => s,
        HelpCard::Joker => s.fg(Color::Magenta).add_modifier(Modifier::BOLD),
        HelpCard::Switch => s.fg(Color::Cyan).add_modifier(Modifier::BOLD),
        HelpCard::Zap => s.fg(Color::Red).add_modifier(Modifier::BOLD),
        HelpCard::No => s.fg(Color::Yellow).add_modifier(Modifier::BOLD),
    }
}

/// The row position the highlighted choice points at: where a Joker goes, which card a Switch
/// takes, the card a Zap discards.
fn pointed(app: &App) -> Option<(usize, bool)> {
    match app.chosen()? {
        Action::Joker { at } => Some((at, true)),
        Action::Switch { take, .. } => Some((take, false)),
        _ => None,
    }
}

fn draw_row(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    let picking = pointed(app);
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", H::Row.t(lang)),
            title_style(picking.is_some()),
        ))),
        area,
    );
    let inside = inner(area);
    let mut cards = Vec::new();
    for i in 0..ROW_CAPACITY {
        match v.row.get(i) {
            Some(&c) => {
                let mut style = card_style(c.card);
                if picking == Some((i, false)) {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                cards.push(Span::styled(row_card_text(c), style));
            }
            None => cards.push(Span::styled(
                format!("{:^8}", "·"),
                Style::default().add_modifier(Modifier::DIM),
            )),
        }
        cards.push(Span::raw(" "));
    }
    let mut lines = vec![Line::from(cards)];
    // Below the row: where the chosen Joker would go.
    let mut marks = String::new();
    if let Some((at, true)) = picking {
        let col = (at as u16 * CELL).saturating_sub(1) as usize;
        marks = format!("{:>width$}", "▲", width = col + 1);
    }
    lines.push(Line::from(Span::styled(
        marks,
        Style::default()
            .fg(Color::Yellow)
            .add_modifier(Modifier::BOLD),
    )));
    if v.row.is_empty() {
        lines.push(Line::from(Span::styled(
            H::RowEmpty.t(lang),
            Style::default().add_modifier(Modifier::DIM),
        )));
    }
    lines.push(Line::from(
        H::Piles.fill(lang, &[&v.draw_size, &v.discard.len()]),
    ));
    frame.render_widget(Paragraph::new(lines), inside);
}

fn draw_players(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let v = app.view();
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", H::Players.t(lang)),
            title_style(false),
        ))),
        area,
    );
    let inside = inner(area);
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "{:>width$}",
            H::PlayerColumns.t(lang),
            width = inside.width as usize
        ),
        Style::default().add_modifier(Modifier::DIM),
    ))];
    for s in 0..v.players {
        let (mark, style) = match v.phase {
            PhaseView::Turn { seat, .. } if seat.index() == s => {
                ('▶', Style::default().fg(Color::Yellow))
            }
            PhaseView::GiveHelp { helper, .. } | PhaseView::GiveBack { helper, .. }
                if helper.index() == s =>
            {
                ('?', Style::default().fg(Color::Cyan))
            }
            PhaseView::GiveHelp { asker, .. } | PhaseView::GiveBack { asker, .. }
                if asker.index() == s =>
            {
                ('!', Style::default().fg(Color::Red))
            }
            _ => (' ', Style::default()),
        };
        let no = match v.marks.get(s).copied().unwrap_or_default() {
            NoMark::None => "",
            NoMark::Laid => "No!",
            NoMark::Skipped => "No!↷",
        };
        let name: String = app.names()[s].chars().take(10).collect();
        let name_style = if s == app.me().index() {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{mark} "), style),
            Span::styled(format!("{name:<10}"), name_style),
            Span::raw(format!("{:>3} ", v.hand_sizes.get(s).copied().unwrap_or(0))),
            Span::styled(format!("{no:<4}"), Style::default().fg(Color::Yellow)),
            Span::raw(format!("{:>4}", v.totals.get(s).copied().unwrap_or(0))),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), inside);
}

fn draw_middle(app: &App, frame: &mut Frame, area: Rect) {
    let lang = app.lang;
    let inside = inner(area);
    if let Some((actions, selected)) = &app.screen.choice {
        frame.render_widget(
            titled(Line::from(Span::styled(
                format!(" {} ", H::Choose.t(lang)),
                title_style(true),
            ))),
            area,
        );
        let lines: Vec<Line> = actions
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let text = format!(
                    "{} {}",
                    if i == *selected { '▶' } else { ' ' },
                    app.describe(a)
                );
                choice_line(text, i == *selected)
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
    let choosing = app.asked().is_some();
    frame.render_widget(
        titled(Line::from(Span::styled(
            format!(" {} ", H::YourHand.t(lang)),
            title_style(choosing),
        ))),
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
        if choosing && i == app.screen.cursor {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        } else if !choosing || app.actions_for(c).is_empty() {
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
    if app.screen.choice.is_some() {
        return H::PromptChoose.t(lang).to_owned();
    }
    match app.asked() {
        // Whom the player would ask comes with the view.
        Some(Decision::Play) if app.legal() == [Action::AskHelp] => match v.would_ask {
            Some(s) => H::PromptPlayOnlyHelp.fill(lang, &[&app.name(s)]),
            None => H::PromptHelpless.t(lang).to_owned(),
        },
        Some(Decision::Play) => H::PromptPlay.t(lang).to_owned(),
        Some(Decision::GiveHelp { to }) => H::PromptGiveHelp.fill(lang, &[&app.name(to)]),
        Some(Decision::GiveBack { to }) => H::PromptGiveBack.fill(lang, &[&app.name(to)]),
        None => match v.phase {
            PhaseView::GiveHelp { asker, helper, .. } => {
                H::AskedForHelp.fill(lang, &[&app.name(asker), &app.name(helper)])
            }
            _ => {
                let who: Vec<String> = v.waiting_for.iter().map(|&s| app.name(s)).collect();
                lang.fill(T::WaitingFor, &[&who.join(", ")])
            }
        },
    }
}
