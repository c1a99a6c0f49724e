//! How a node joins a cluster.

use std::time::Duration;

/// How a node joins a cluster (`nimmt serve --cluster nats://… --node-name N`).
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// The NATS server, `nats://HOST:PORT`.
    pub nats: String,
    /// This node's name: letters, digits, `-` and `_`, unique in the cluster.
    pub node: String,
    /// The first part of every subject (several clusters may share one NATS server).
    pub prefix: String,
    /// How long a lease lasts unless renewed: a dead node's tables move after about this long.
    pub lease: Duration,
}

impl ClusterConfig {
    pub fn new(nats: &str, node: &str) -> ClusterConfig {
        ClusterConfig {
            nats: nats.to_owned(),
            node: node.to_owned(),
            prefix: "nimmt".to_owned(),
            lease: Duration::from_secs(3),
        }
    }

    /// Checks the node name and prefix (they are parts of NATS subjects).
    pub fn check(&self) -> anyhow::Result<()> {
        let ok = |s: &str| {
            !s.is_empty()
                && s.len() <= 64
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        if !ok(&self.node) {
            anyhow::bail!(
                "node name {:?}: expected 1–64 letters, digits, - or _",
                self.node
            );
        }
        if !self.prefix.split('.').all(ok) {
            anyhow::bail!(
                "cluster prefix {:?}: expected words joined by dots",
                self.prefix
            );
        }
        if self.lease < Duration::from_millis(300) {
            anyhow::bail!("the lease must last at least 300 ms");
        }
        Ok(())
    }
}
