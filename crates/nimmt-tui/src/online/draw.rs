//! Drawing the online client: the lobby's tables, the table before its game, the chat and its
//! input line, the line's state; the game itself draws as offline.

use super::{AtTable, Online};
use crate::text::{Lang, T};
use crate::widgets::{choice_line, status_style};
use nimmt_bots::levels::Level;
use nimmt_protocol::TableState;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

impl Online {
    fn draw_link(&self, frame: &mut Frame, area: Rect, text: &str) {
        frame.render_widget(Clear, area);
        frame.render_widget(
            Paragraph::new(format!(" {text}")).style(
                Style::default()
                    .fg(Color::White)
                    .bg(Color::Red)
                    .add_modifier(Modifier::BOLD),
            ),
            area,
        );
    }

    pub fn draw(&self, frame: &mut Frame) {
        if let Some(app) = self.game() {
            app.draw(frame);
            if let (true, Some(text)) = (app.fits(), self.link_status()) {
                let area = frame.area();
                let status = Rect::new(
                    0,
                    self.height.saturating_sub(1),
                    area.width.min(self.width),
                    1,
                );
                self.draw_link(frame, status, text);
            } else if app.fits() {
                // Every game's status line is the terminal's last line.
                let area = frame.area();
                let status = Rect::new(
                    0,
                    self.height.saturating_sub(1),
                    area.width.min(self.width),
                    1,
                );
                if let Some(line) = &self.input {
                    self.draw_input(frame, status, line);
                } else if !app.busy() {
                    let hint = format!("{} ", self.lang.t(T::GameChatHint));
                    let w = hint.chars().count() as u16;
                    if status.width > w {
                        frame.render_widget(
                            Paragraph::new(hint).style(status_style()),
                            Rect::new(status.x + status.width - w, status.y, w, 1),
                        );
                    }
                }
            }
            return;
        }
        let area = frame.area();
        let lang = self.lang;
        let header = format!(
            " {} · {} · {}",
            lang.t(T::Title),
            lang.fill(T::Online, &[&self.name]),
            self.server
        );
        frame.render_widget(
            Paragraph::new(header).style(
                Style::default()
                    .fg(Color::Black)
                    .bg(Color::Green)
                    .add_modifier(Modifier::BOLD),
            ),
            Rect::new(0, 0, area.width, 1),
        );
        let body = area.height.saturating_sub(2);
        let top = (body / 2).max(3);
        let top_area = Rect::new(0, 1, area.width, top);
        let chat_area = Rect::new(0, 1 + top, area.width, body.saturating_sub(top));
        match &self.at {
            None => {
                let rest = self.draw_your_move(frame, top_area);
                self.draw_tables(frame, rest)
            }
            Some(at) => self.draw_table(frame, top_area, at),
        }
        let block = Block::default()
            .borders(Borders::ALL)
            .title(format!(" {} ", lang.t(T::Chat)));
        let inner = block.inner(chat_area);
        frame.render_widget(block, chat_area);
        let room = inner.height as usize;
        let lines: Vec<Line> = self.chat[self.chat.len().saturating_sub(room)..]
            .iter()
            .map(|l| Line::from(l.clone()))
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
        let status = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
        if let Some(line) = &self.input {
            self.draw_input(frame, status, line);
        } else if let Some(text) = self.link_status() {
            self.draw_link(frame, status, text);
        } else {
            let hint = lang.t(if self.at.is_some() {
                T::TableHint
            } else {
                T::LobbyHint
            });
            frame.render_widget(
                Paragraph::new(format!(" {hint}")).style(status_style()),
                status,
            );
        }
        if let Some(selected) = self.choosing {
            self.draw_choice(frame, selected);
        }
        if self.confirm_quit {
            let text = lang.t(T::ConfirmQuit);
            let w = (text.chars().count() as u16 + 6).min(area.width);
            let r = Rect::new(area.width.saturating_sub(w) / 2, area.height / 2, w, 3);
            frame.render_widget(Clear, r);
            frame.render_widget(
                Paragraph::new(text)
                    .block(Block::default().borders(Borders::ALL))
                    .alignment(ratatui::layout::Alignment::Center),
                r,
            );
        }
    }

    fn draw_choice(&self, frame: &mut Frame, selected: usize) {
        let lang = self.lang;
        let offered = self.offered();
        let mut lines: Vec<Line> = offered
            .iter()
            .enumerate()
            .map(|(i, (kind, title))| {
                let text = format!(" {title} ({kind}) ");
                choice_line(text, i == selected)
            })
            .collect();
        lines.push(Line::from(Span::styled(
            lang.t(T::ChooseGameHint),
            Style::default().add_modifier(Modifier::DIM),
        )));
        let width = lines.iter().map(|l| l.width()).max().unwrap_or(20) as u16 + 4;
        let r = crate::widgets::centered(frame, width, lines.len() as u16 + 2);
        let inner = crate::widgets::popup(
            frame,
            r,
            lang.t(T::ChooseGame),
            Style::default().fg(Color::Cyan),
        );
        frame.render_widget(Paragraph::new(lines), inner);
    }

    fn draw_input(&self, frame: &mut Frame, area: Rect, line: &str) {
        frame.render_widget(Clear, area);
        frame.render_widget(
            Paragraph::new(format!(" {}{line}█", self.lang.t(T::ChatPrompt)))
                .style(Style::default().fg(Color::Black).bg(Color::Yellow)),
            area,
        );
    }

    fn state_name(&self, s: TableState) -> &'static str {
        self.lang.t(match s {
            TableState::Open => T::StateOpen,
            TableState::Playing => T::StatePlaying,
            TableState::Finished => T::StateFinished,
        })
    }

    fn draw_tables(&self, frame: &mut Frame, area: Rect) {
        let lang = self.lang;
        let block = Block::default()
            .borders(Borders::ALL)
            .title(format!(" {} ", lang.t(T::Tables)));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if self.tables.is_empty() {
            frame.render_widget(Paragraph::new(lang.t(T::NoTables)), inner);
            return;
        }
        let lines: Vec<Line> = self
            .tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let names: Vec<String> = t.seats.iter().map(crate::rating::rated_name).collect();
                let hints = if t.table_options.get("hints").is_some_and(|h| h == "yes") {
                    lang.t(T::HintsOn)
                } else {
                    ""
                };
                let text = format!(
                    "{}{hints}  [{}]",
                    lang.fill(
                        T::TableLine,
                        &[
                            &t.id,
                            &t.game,
                            &t.seats.len(),
                            &t.max_seats,
                            &self.state_name(t.state),
                            &t.host.clone().unwrap_or_else(|| "-".into()),
                        ]
                    ),
                    names.join(", ")
                );
                choice_line(text, i == self.selected)
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
    }

    fn draw_table(&self, frame: &mut Frame, area: Rect, at: &AtTable) {
        let lang = self.lang;
        let t = &at.info;
        let title = lang.fill(T::TableTitle, &[&t.id, &t.game, &self.state_name(t.state)]);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(format!(" {title} "));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let mut lines = Vec::new();
        for s in &t.seats {
            let mut text = format!("{:>2}. {}", s.seat.0 + 1, crate::rating::rated_name(s));
            if let Some(level) = &s.level {
                let level = match (Level::named(level), lang) {
                    (Some(l), Lang::En) => l.english(),
                    (Some(l), Lang::De) => l.german(),
                    (None, _) => level.as_str(),
                };
                text.push_str(&format!(" ({} {level})", lang.t(T::BotSeat)));
            }
            if !s.connected {
                text.push_str(&format!(" — {}", lang.t(T::Away)));
            }
            if t.host.as_deref() == Some(s.name.as_str()) {
                text.push_str(&format!(" · {}", lang.t(T::Host)));
            }
            let style = if at.you.seat == Some(s.seat) {
                Style::default().add_modifier(Modifier::BOLD)
            } else {
                Style::default()
            };
            lines.push(Line::from(Span::styled(text, style)));
        }
        lines.push(Line::from(lang.fill(T::Spectators, &[&t.spectators])));
        let options: Vec<String> = t.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if !options.is_empty() {
            lines.push(Line::from(Span::styled(
                options.join("  "),
                Style::default().add_modifier(Modifier::DIM),
            )));
        }
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
    }
}
