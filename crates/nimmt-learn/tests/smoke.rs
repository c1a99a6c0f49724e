//! The training recipe in small: a game of the search's self-play is written down and read
//! back, a small network trains on it for a few steps and its losses fall, and the weights file
//! it writes is what the `net2` bot reads: the bot's forward pass agrees with the trainer's.

use nimmt_bots::classic::net2::model::Model;
use nimmt_learn::parity::largest_difference;
use nimmt_learn::record::{self_play, SelfPlay, SEEN};
use nimmt_learn::records_file;
use nimmt_learn::train::{train, TrainConfig};

#[test]
fn a_small_network_learns_from_the_search_and_the_bot_reads_its_weights() {
    let config = SelfPlay {
        games: 1,
        iters: 10,
        seed: 3,
        first: 0,
        threads: 1,
    };
    let records = self_play(&config, &|_| {});
    assert!(records.len() > 40, "a whole game has many decisions");
    assert!(
        records.iter().any(|r| r.position.take_row),
        "a row is taken"
    );
    for r in &records {
        let options = if r.position.take_row {
            4
        } else {
            r.position.hand.len()
        };
        assert_eq!(r.costs.len(), options, "a cost per choice");
        let unseen = r.holders.iter().filter(|&&h| h != SEEN).count();
        assert_eq!(unseen as u32, r.position.unseen.count_ones());
        assert!(r.outcome.iter().any(|&p| p >= 66), "the game ends at 66");
    }
    let read = records_file::from_bytes(&records_file::to_bytes(&records)).unwrap();
    assert_eq!(read, records, "the records file reads back");
    assert!(records_file::from_bytes(b"N2RC").is_err());

    let settings = TrainConfig {
        epochs: 100,
        batch: 32,
        learning_rate: 3e-3,
        held_out: 0.0,
        width: 16,
        seed: 5,
        max_steps: Some(40),
    };
    let trained = train(&records, &settings, &|_, _| {}).unwrap();
    let loss = |f: &nimmt_learn::train::Fit| f.policy + f.value + f.belief;
    assert!(
        loss(&trained.train) < loss(&trained.first),
        "the losses fall: {:?} → {:?}",
        trained.first,
        trained.train
    );

    let file = std::env::temp_dir().join(format!("net2-smoke-{}.safetensors", std::process::id()));
    trained.vars.save(&file).unwrap();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::remove_file(&file).ok();
    let model = Model::from_safetensors(&bytes).expect("the bot reads the trainer's weights");
    assert_eq!(model.width(), 16);
    let worst = largest_difference(&trained.net, &model, &records).unwrap();
    assert!(worst <= 1e-4, "the forward passes differ by {worst}");
}
