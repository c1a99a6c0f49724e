//! One scenario, two tests: on SQLite and on PostgreSQL.

/// Runs `$scenario` (an `async fn(Db)` that stops its server and drops its schema itself) as
/// two tests: `$sqlite` on a fresh SQLite file and `$postgres` on a fresh PostgreSQL schema.
#[macro_export]
macro_rules! on_both_databases {
    ($scenario:ident, $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            $scenario($crate::common::Db::sqlite()).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            let db = $crate::common::Db::postgres().await;
            $scenario(db).await;
        }
    };
}
