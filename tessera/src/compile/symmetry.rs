//! A board's own symmetry: the linear maps that carry its set of direction
//! vectors onto itself (the 8 turns and reflections of a square grid's
//! compass, the 12 of a hexagonal one), for `leap around`.

/// The most axes a symmetry is searched on.
const MAX_AXES: usize = 4;

pub use crate::limits::MAX_SYMMETRY_COMPONENT as MAX_COMPONENT;

/// The most maps tried (one per choice of images of a basis).
const MAX_CANDIDATES: usize = 1 << 16;

/// The symmetries of a set of direction vectors, each as the images of a
/// basis, with what turns a vector into coordinates in that basis.
pub struct Symmetry {
    /// Per map, the images of the basis vectors.
    maps: Vec<Vec<Vec<i64>>>,
    adj: Vec<Vec<i64>>,
    det: i64,
}

impl Symmetry {
    /// The linear maps that carry `vectors` (the directions of a board of
    /// `n` axes) onto themselves, or why they cannot be found.
    pub fn of(vectors: &[Vec<i64>], n: usize) -> Result<Symmetry, String> {
        if n > MAX_AXES {
            return Err(format!(
                "`leap around` works on boards of up to {MAX_AXES} axes"
            ));
        }
        // `unsigned_abs`: `abs` of i64::MIN wraps (to itself, below the limit).
        if vectors
            .iter()
            .flatten()
            .any(|x| x.unsigned_abs() > MAX_COMPONENT.unsigned_abs())
        {
            return Err(format!(
                "`leap around` takes directions of components up to {MAX_COMPONENT}"
            ));
        }
        let basis = basis(vectors, n).ok_or_else(|| {
            format!("`leap around` needs directions spanning the board's {n} axes")
        })?;
        let cols: Vec<Vec<i64>> = basis.iter().map(|&i| vectors[i].clone()).collect();
        let candidates = vectors.len().checked_pow(n as u32).unwrap_or(usize::MAX);
        if candidates > MAX_CANDIDATES {
            return Err(format!(
                "`leap around`: {} directions on {n} axes are too many to search for symmetries",
                vectors.len()
            ));
        }
        let mut sym = Symmetry {
            maps: Vec::new(),
            adj: adjugate(&cols),
            det: det(&cols),
        };
        let set: std::collections::HashSet<&Vec<i64>> = vectors.iter().collect();
        let coords: Vec<Vec<i64>> = vectors.iter().map(|v| sym.coords(v)).collect();
        for pick in 0..candidates {
            let images: Vec<Vec<i64>> = (0..n)
                .map(|i| vectors[pick / vectors.len().pow(i as u32) % vectors.len()].clone())
                .collect();
            let mut mapped = std::collections::HashSet::new();
            let onto = coords.iter().all(|c| match sym.apply(&images, c) {
                Some(m) if set.contains(&m) => mapped.insert(m),
                _ => false,
            });
            if onto {
                sym.maps.push(images);
            }
        }
        Ok(sym)
    }

    /// Every integer image of `offset`.
    pub fn images(&self, offset: &[i64]) -> Vec<Vec<i64>> {
        let c = self.coords(offset);
        let mut out: Vec<Vec<i64>> = Vec::new();
        for images in &self.maps {
            if let Some(img) = self.apply(images, &c) {
                if !out.contains(&img) {
                    out.push(img);
                }
            }
        }
        out
    }

    /// `v`'s coordinates in the basis, times the determinant.
    fn coords(&self, v: &[i64]) -> Vec<i64> {
        self.adj
            .iter()
            .map(|row| row.iter().zip(v).map(|(a, x)| a * x).sum())
            .collect()
    }

    /// The image of the vector with coordinates `c` under the map sending
    /// the basis to `images`, if it is an integer vector.
    fn apply(&self, images: &[Vec<i64>], c: &[i64]) -> Option<Vec<i64>> {
        (0..images.len())
            .map(|k| {
                let sum: i64 = c.iter().zip(images).map(|(ci, img)| ci * img[k]).sum();
                (sum % self.det == 0).then_some(sum / self.det)
            })
            .collect()
    }
}

/// Every image of `offset` under the symmetries of `vectors`.
#[cfg(test)]
fn images(vectors: &[Vec<i64>], offset: &[i64]) -> Result<Vec<Vec<i64>>, String> {
    Ok(Symmetry::of(vectors, offset.len())?.images(offset))
}

/// Indices of `n` linearly independent vectors, the first found.
fn basis(vectors: &[Vec<i64>], n: usize) -> Option<Vec<usize>> {
    let mut chosen: Vec<usize> = Vec::new();
    for (i, _) in vectors.iter().enumerate() {
        chosen.push(i);
        if !independent(vectors, &chosen, n) {
            chosen.pop();
        }
        if chosen.len() == n {
            return Some(chosen);
        }
    }
    None
}

/// Whether the chosen vectors are independent: some `k x k` minor is non-zero.
fn independent(vectors: &[Vec<i64>], chosen: &[usize], n: usize) -> bool {
    let k = chosen.len();
    subsets(n, k).into_iter().any(|rows| {
        let m: Vec<Vec<i64>> = chosen
            .iter()
            .map(|&c| rows.iter().map(|&r| vectors[c][r]).collect())
            .collect();
        det(&m) != 0
    })
}

fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for last in (k - 1)..n {
        for mut s in subsets(last, k - 1) {
            s.push(last);
            out.push(s);
        }
    }
    out
}

/// The determinant of the square matrix `m` (its rows), by expansion.
fn det(m: &[Vec<i64>]) -> i64 {
    match m.len() {
        0 => 1,
        1 => m[0][0],
        n => (0..n)
            .map(|j| {
                let sign = if j % 2 == 0 { 1 } else { -1 };
                sign * m[0][j] * det(&minor(m, 0, j))
            })
            .sum(),
    }
}

fn minor(m: &[Vec<i64>], row: usize, col: usize) -> Vec<Vec<i64>> {
    m.iter()
        .enumerate()
        .filter(|&(i, _)| i != row)
        .map(|(_, r)| {
            r.iter()
                .enumerate()
                .filter(|&(j, _)| j != col)
                .map(|(_, &x)| x)
                .collect()
        })
        .collect()
}

/// The adjugate of the matrix whose columns are `cols`: `adj * cols = det * I`.
fn adjugate(cols: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let n = cols.len();
    // The matrix itself, rows by columns.
    let m: Vec<Vec<i64>> = (0..n)
        .map(|r| (0..n).map(|c| cols[c][r]).collect())
        .collect();
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let sign = if (i + j) % 2 == 0 { 1 } else { -1 };
                    sign * det(&minor(&m, j, i))
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compass() -> Vec<Vec<i64>> {
        [
            (0, 1),
            (0, -1),
            (1, 0),
            (-1, 0),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
        ]
        .iter()
        .map(|&(x, y)| vec![x, y])
        .collect()
    }

    #[test]
    fn a_square_board_gives_the_knight_its_eight_jumps() {
        assert_eq!(images(&compass(), &[1, 2]).unwrap().len(), 8);
    }

    #[test]
    fn a_hexagonal_board_has_twelve_symmetries() {
        let hex: Vec<Vec<i64>> = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
            .iter()
            .map(|&(x, y)| vec![x, y])
            .collect();
        // Its diagonals: six.
        let diagonals = images(&hex, &[1, 1]).unwrap();
        assert_eq!(diagonals.len(), 6);
        assert!(diagonals.contains(&vec![2, -1]));
        // A knight of hexagonal chess: twelve.
        assert_eq!(images(&hex, &[1, 2]).unwrap().len(), 12);
    }
}
