//! `nimmt admin`: the room's operators, given and taken on the command line only (there is no
//! web route to become one). Works on the database the room serves (`--database`, as `serve`).

use nimmt_server::moderation::operators::{self, Lookup, PlayerRef};
use nimmt_server::store::Store;

/// Options of `nimmt admin`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
    /// Database: sqlite://FILE or postgres://USER@HOST:PORT/DB (the one `nimmt serve` uses).
    #[arg(
        long,
        global = true,
        default_value = "sqlite://nimmt.db",
        env = "NIMMT_DATABASE"
    )]
    pub database: String,
}

#[derive(clap::Subcommand)]
pub enum Action {
    /// Make a player an operator (by name, or by identity when several guests share the name).
    Grant { name: String },
    /// Take the operator role from a player.
    Revoke { name: String },
    /// List the operators.
    List,
}

/// The one player `name` stands for, or why not.
async fn player(store: &Store, name: &str) -> anyhow::Result<PlayerRef> {
    match operators::find(store.pool(), name).await? {
        Lookup::Found(p) => Ok(p),
        Lookup::Unknown => anyhow::bail!("there is no player {name:?}"),
        Lookup::Ambiguous(ids) => anyhow::bail!(
            "several players are called {name:?}; name one by its identity: {}",
            ids.join(", ")
        ),
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let store = Store::open(&args.database).await?;
        let pool = store.pool();
        match args.action {
            Action::Grant { name } => {
                let p = player(&store, &name).await?;
                if operators::grant(pool, &p.id).await? {
                    println!("{} ({}) is an operator now", p.name, p.id);
                } else {
                    println!("{} ({}) was an operator already", p.name, p.id);
                }
            }
            Action::Revoke { name } => {
                let p = player(&store, &name).await?;
                if operators::revoke(pool, &p.id).await? {
                    println!("{} ({}) is no operator any more", p.name, p.id);
                } else {
                    println!("{} ({}) was no operator", p.name, p.id);
                }
            }
            Action::List => {
                for p in operators::list(pool).await? {
                    println!("{}\t{}", p.id, p.name);
                }
            }
        }
        Ok(())
    })
}
