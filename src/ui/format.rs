//! Number formatting for display, in integer arithmetic: core's float formatting would add
//! about 11 KB of wasm.

/// "12.3%" from a probability.
pub fn pct(p: f64) -> String {
    let t = (p.clamp(0.0, 1.0) * 1000.0).round() as u32;
    format!("{}.{}%", t / 10, t % 10)
}

/// "-0.4", "1.3": one decimal.
pub fn one_decimal(x: f64) -> String {
    let t = (x * 10.0).round() as i64;
    let sign = if t < 0 { "-" } else { "" };
    format!("{sign}{}.{}", t.unsigned_abs() / 10, t.unsigned_abs() % 10)
}

/// "780 bytes", "3.2 KB".
pub fn bytes(n: usize) -> String {
    if n < 1024 {
        format!("{n} bytes")
    } else {
        format!("{} KB", one_decimal(n as f64 / 1024.0))
    }
}

/// "1 check", "2 checks": a count with its noun, plural when it is not one.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// How long ago `then_ms` was, at `now_ms`, in words: "just now", "2 min ago", "3 hours ago",
/// "yesterday", "4 days ago". A time in the future (another device's clock ahead of this one)
/// reads as "just now"; 0 means the time was never recorded.
pub fn ago(then_ms: u64, now_ms: u64) -> String {
    const MIN: u64 = 60_000;
    const HOUR: u64 = 60 * MIN;
    const DAY: u64 = 24 * HOUR;
    const TWO_DAYS: u64 = 2 * DAY;
    if then_ms == 0 {
        return "at a time not recorded".into();
    }
    let d = now_ms.saturating_sub(then_ms);
    match d {
        0..MIN => "just now".into(),
        MIN..HOUR => format!("{} min ago", d / MIN),
        HOUR..DAY => match d / HOUR {
            1 => "1 hour ago".into(),
            n => format!("{n} hours ago"),
        },
        DAY..TWO_DAYS => "yesterday".into(),
        _ => format!("{} days ago", d / DAY),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(pct(0.8125), "81.3%");
        assert_eq!(pct(1.5), "100.0%");
        assert_eq!(one_decimal(-0.44), "-0.4");
        assert_eq!(one_decimal(2.0), "2.0");
        assert_eq!(bytes(778), "778 bytes");
        assert_eq!(bytes(3277), "3.2 KB");
        assert_eq!(plural(1, "check"), "1 check");
        assert_eq!(plural(0, "check"), "0 checks");
        assert_eq!(plural(2, "treasure item"), "2 treasure items");
    }

    #[test]
    fn times_read_as_how_long_ago() {
        let now = 1_800_000_000_000;
        assert_eq!(ago(now, now), "just now");
        assert_eq!(ago(now + 5_000, now), "just now");
        assert_eq!(ago(now - 59_999, now), "just now");
        assert_eq!(ago(now - 60_000, now), "1 min ago");
        assert_eq!(ago(now - 150_000, now), "2 min ago");
        assert_eq!(ago(now - 59 * 60_000, now), "59 min ago");
        assert_eq!(ago(now - 3_600_000, now), "1 hour ago");
        assert_eq!(ago(now - 5 * 3_600_000 - 1, now), "5 hours ago");
        assert_eq!(ago(now - 30 * 3_600_000, now), "yesterday");
        assert_eq!(ago(now - 3 * 86_400_000, now), "3 days ago");
        assert_eq!(ago(0, now), "at a time not recorded");
    }
}
