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
}
