// What every report page shares (the comparison's, your page's, the check's): the run's data, tables from it, figures
// written as the build log writes them (whatever the reader's locale), and a page that says so when it cannot draw itself.
"use strict";
addEventListener("error", e => {
  const note = document.getElementById("not-drawn") ?? document.body.appendChild(document.createElement("p"));
  Object.assign(note, {id: "not-drawn", className: "note", hidden: false,
    textContent: `This report could not be drawn: ${e.message} (${e.filename}:${e.lineno})`});
});

/** The run's data, held in the page (a browser may not fetch a file beside a page opened from disk). */
const run = JSON.parse(document.getElementById("run").textContent);
const DASH = "\u2013";
const whole = n => n == null ? DASH : Math.round(n).toString();
// half up from the shortest decimal form, as Java's %.2f does in the build log (toFixed alone gives 0.18 for 0.185)
const fixed = (n, digits) => n == null ? DASH : String(n).includes("e") ? n.toFixed(digits)
    : (Math.round(Number(n + "e" + digits)) / 10 ** digits).toFixed(digits);

/** A pair's ratio under one condition with its 95 % interval, "0.19 [0.17, 0.22]", as the build log writes it. */
const withInterval = (ratios, pair) => {
  const interval = ratios.intervals[pair];
  return ratios.ratios[pair] == null ? DASH : fixed(ratios.ratios[pair], 2)
      + (interval.low == null ? " [one load: no interval]" : ` [${fixed(interval.low, 2)}, ${fixed(interval.high, 2)}]`);
};

/** A row of text cells at the end of the table; of heading cells where {@code header}. */
function row(table, cells, header) {
  const tr = table.insertRow();
  for (const text of cells) {
    const cell = document.createElement(header ? "th" : "td");
    cell.textContent = text;
    tr.appendChild(cell);
  }
  return tr;
}
