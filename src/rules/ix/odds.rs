//! Exact odds of a pool (reference, "Reading Results" applied to every outcome at once).
//!
//! Each die only matters through two numbers, its contribution to net Successes and to net
//! Boons, so the pool's joint distribution is the convolution of the dice's small
//! distributions: a dynamic programme over a (net Successes x net Boons) grid. Breakthrough
//! and Calamity chances have closed forms because only one face of one die shows each.

use super::dice::DieKind;
use super::pool::Pool;

/// Joint distribution of net Successes and net Boons for a pool.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JointDistribution {
    /// Smallest possible net Successes.
    pub s_min: i32,
    /// Largest possible net Successes.
    pub s_max: i32,
    /// Smallest possible net Boons.
    pub b_min: i32,
    /// Largest possible net Boons.
    pub b_max: i32,
    /// Probabilities, row by row: index `(s - s_min) * width + (b - b_min)`,
    /// with `width = b_max - b_min + 1`.
    pub probabilities: Vec<f64>,
}

impl JointDistribution {
    fn width(&self) -> usize {
        (self.b_max - self.b_min + 1).max(0) as usize
    }

    /// P(net Successes = s and net Boons = b); 0 outside the grid.
    pub fn probability(&self, s: i32, b: i32) -> f64 {
        if s < self.s_min || s > self.s_max || b < self.b_min || b > self.b_max {
            return 0.0;
        }
        let i = (s - self.s_min) as usize * self.width() + (b - self.b_min) as usize;
        self.probabilities.get(i).copied().unwrap_or(0.0)
    }

    /// Every cell with non-zero probability as (net Successes, net Boons, probability).
    pub fn cells(&self) -> impl Iterator<Item = (i32, i32, f64)> + '_ {
        let w = self.width().max(1);
        self.probabilities
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(move |(i, p)| (self.s_min + (i / w) as i32, self.b_min + (i % w) as i32, *p))
    }

    /// Sum of all cells; 1 up to rounding.
    pub fn total(&self) -> f64 {
        self.probabilities.iter().sum()
    }
}

/// One bar of the net-Success chart.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NetSuccessProbability {
    /// Net Successes (negative = net Failures).
    pub net_successes: i32,
    /// Its probability.
    pub probability: f64,
}

/// Exact odds of a pool (reference, "Reading Results"): a check succeeds with at least one
/// net Success; Breakthroughs count as Successes and Calamities as Failures.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Odds {
    /// P(at least 1 net Success).
    pub p_success: f64,
    /// P(success and at least 1 net Boon).
    pub p_success_with_boon: f64,
    /// P(success and at least 1 net Bane).
    pub p_success_with_bane: f64,
    /// P(failure and at least 1 net Boon).
    pub p_failure_with_boon: f64,
    /// P(at least one Breakthrough) = 1 - (11/12)^Mastery dice.
    pub p_breakthrough: f64,
    /// P(at least one Calamity) = 1 - (11/12)^Crisis dice.
    pub p_calamity: f64,
    /// Expected net Successes.
    pub expected_net_successes: f64,
    /// Expected net Boons.
    pub expected_net_boons: f64,
    /// P(net Successes = k) for every reachable k, ascending.
    pub net_successes: Vec<NetSuccessProbability>,
}

/// (net Successes, net Boons, probability) that one die adds.
type Outcome = (i32, i32, f64);

/// One die reduced to the (net Successes, net Boons) it adds, with each pair's chance.
fn outcomes(kind: DieKind) -> Vec<Outcome> {
    let faces = kind.faces();
    let p = 1.0 / faces.len() as f64;
    let mut out: Vec<Outcome> = Vec::new();
    for f in faces {
        let (s, b) = (f.net_successes(), f.net_boons());
        match out.iter_mut().find(|o| o.0 == s && o.1 == b) {
            Some(o) => o.2 += p,
            None => out.push((s, b, p)),
        }
    }
    out
}

/// Joint distribution of net Successes and net Boons for a pool, exactly (up to f64 rounding).
pub fn joint_distribution(pool: &Pool) -> JointDistribution {
    let kinds: Vec<(Vec<Outcome>, u8)> = DieKind::ALL
        .into_iter()
        .filter(|k| pool.count(*k) > 0)
        .map(|k| (outcomes(k), pool.count(k)))
        .collect();

    let (mut s_min, mut s_max, mut b_min, mut b_max) = (0i32, 0i32, 0i32, 0i32);
    for (outs, n) in &kinds {
        let n = i32::from(*n);
        s_min += n * outs.iter().map(|o| o.0).min().unwrap_or(0);
        s_max += n * outs.iter().map(|o| o.0).max().unwrap_or(0);
        b_min += n * outs.iter().map(|o| o.1).min().unwrap_or(0);
        b_max += n * outs.iter().map(|o| o.1).max().unwrap_or(0);
    }
    let width = (b_max - b_min + 1) as usize;
    let height = (s_max - s_min + 1) as usize;
    let mut cur = vec![0.0f64; width * height];
    let mut next = vec![0.0f64; width * height];
    let origin = (-s_min) as usize * width + (-b_min) as usize;
    if let Some(c) = cur.get_mut(origin) {
        *c = 1.0;
    }
    // The occupied rectangle, relative to (s_min, b_min); growing it die by die keeps the
    // loops over cells that can be non-zero only.
    let (mut lo_s, mut hi_s, mut lo_b, mut hi_b) = (-s_min, -s_min, -b_min, -b_min);
    for (outs, n) in &kinds {
        let ds_min = outs.iter().map(|o| o.0).min().unwrap_or(0);
        let ds_max = outs.iter().map(|o| o.0).max().unwrap_or(0);
        let db_min = outs.iter().map(|o| o.1).min().unwrap_or(0);
        let db_max = outs.iter().map(|o| o.1).max().unwrap_or(0);
        for _ in 0..*n {
            let (nlo_s, nhi_s) = (lo_s + ds_min, hi_s + ds_max);
            let (nlo_b, nhi_b) = (lo_b + db_min, hi_b + db_max);
            for s in nlo_s..=nhi_s {
                let row = s as usize * width;
                for b in nlo_b..=nhi_b {
                    if let Some(c) = next.get_mut(row + b as usize) {
                        *c = 0.0;
                    }
                }
            }
            for s in lo_s..=hi_s {
                for b in lo_b..=hi_b {
                    let p = cur
                        .get(s as usize * width + b as usize)
                        .copied()
                        .unwrap_or(0.0);
                    if p == 0.0 {
                        continue;
                    }
                    for &(ds, db, q) in outs {
                        let i = (s + ds) as usize * width + (b + db) as usize;
                        if let Some(c) = next.get_mut(i) {
                            *c += p * q;
                        }
                    }
                }
            }
            std::mem::swap(&mut cur, &mut next);
            (lo_s, hi_s, lo_b, hi_b) = (nlo_s, nhi_s, nlo_b, nhi_b);
        }
    }
    JointDistribution {
        s_min,
        s_max,
        b_min,
        b_max,
        probabilities: cur,
    }
}

fn mean(kind: DieKind) -> (f64, f64) {
    let faces = kind.faces();
    let n = faces.len() as f64;
    let s: i32 = faces.iter().map(|f| f.net_successes()).sum();
    let b: i32 = faces.iter().map(|f| f.net_boons()).sum();
    (f64::from(s) / n, f64::from(b) / n)
}

/// Exact odds of a pool (see [`Odds`]).
pub fn odds(pool: &Pool) -> Odds {
    let joint = joint_distribution(pool);
    let mut o = Odds {
        p_success: 0.0,
        p_success_with_boon: 0.0,
        p_success_with_bane: 0.0,
        p_failure_with_boon: 0.0,
        p_breakthrough: 1.0 - (11.0f64 / 12.0).powi(i32::from(pool.count(DieKind::Mastery))),
        p_calamity: 1.0 - (11.0f64 / 12.0).powi(i32::from(pool.count(DieKind::Crisis))),
        expected_net_successes: 0.0,
        expected_net_boons: 0.0,
        net_successes: (joint.s_min..=joint.s_max)
            .map(|k| NetSuccessProbability {
                net_successes: k,
                probability: 0.0,
            })
            .collect(),
    };
    for (s, b, p) in joint.cells() {
        if s >= 1 {
            o.p_success += p;
            if b >= 1 {
                o.p_success_with_boon += p;
            } else if b <= -1 {
                o.p_success_with_bane += p;
            }
        } else if b >= 1 {
            o.p_failure_with_boon += p;
        }
        if let Some(bar) = o.net_successes.get_mut((s - joint.s_min) as usize) {
            bar.probability += p;
        }
    }
    // Linearity of expectation gives the means exactly, without summing the grid.
    for kind in DieKind::ALL {
        let (s, b) = mean(kind);
        let n = f64::from(pool.count(kind));
        o.expected_net_successes += n * s;
        o.expected_net_boons += n * b;
    }
    o
}

impl Pool {
    /// Exact odds of this pool (see [`odds`]).
    pub fn odds(&self) -> Odds {
        odds(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_merge_faces_with_the_same_contribution() {
        // Ability: blank, S, S, SS, B, B, SB, BB -> (0,0) (1,0)x2 (2,0) (0,1)x2 (1,1) (0,2):
        // six distinct pairs whose chances add to 1.
        let o = outcomes(DieKind::Ability);
        assert_eq!(o.len(), 6);
        let total: f64 = o.iter().map(|x| x.2).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let s1 = o.iter().find(|x| x.0 == 1 && x.1 == 0).map_or(0.0, |x| x.2);
        assert!((s1 - 0.25).abs() < 1e-12);
    }

    #[test]
    fn grid_bounds_cover_every_extreme() {
        // 1 Mastery vs 1 Crisis: S from -2 (blank vs FF) to 2 (SS vs blank); B from -2 to 2.
        let p = Pool::from_counts(0, 1, 0, 0, 1, 0).unwrap_or_default();
        let j = joint_distribution(&p);
        assert_eq!((j.s_min, j.s_max, j.b_min, j.b_max), (-2, 2, -2, 2));
        // The corner (2, -2) needs SS (2 faces of 12) and NN (2 faces of 12): 4/144.
        assert!((j.probability(2, -2) - 4.0 / 144.0).abs() < 1e-12);
        assert_eq!(j.probability(9, 9), 0.0);
    }
}
