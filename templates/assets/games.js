// patience: the filter of the home page's list of games. Plain JS; without
// it the whole list shows. The form is hidden until this script runs.
(function () {
  "use strict";
  function init() {
    var form = document.querySelector("form.game-filter");
    var table = document.querySelector("table.games");
    if (!form || !table) return;
    var text = form.querySelector("[name=q]");
    var family = form.querySelector("[name=family]");
    var kind = form.querySelector("[name=kind]");
    var count = form.querySelector(".game-filter-count");
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    function norm(s) {
      return s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    }
    function apply() {
      var q = norm(text.value.trim());
      var shown = 0;
      rows.forEach(function (row) {
        var ok = (!q || norm(row.getAttribute("data-names") || row.textContent).indexOf(q) >= 0) &&
          (!family.value || row.getAttribute("data-family") === family.value) &&
          (!kind.value || row.getAttribute("data-kind") === kind.value);
        row.hidden = !ok;
        if (ok) shown++;
      });
      count.textContent = shown === rows.length ? "All " + rows.length + " games" :
        shown + " of " + rows.length + " games";
    }
    form.addEventListener("input", apply);
    form.addEventListener("change", apply);
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    form.hidden = false;
    apply();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
