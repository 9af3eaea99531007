// The live page: one JSON object a second from /live (server-sent events), running totals turned into rates here,
// two charts (steps/s, and a lookup's p99 per group: its round trip where the memory is networked, else the store's
// own work) kept to the last WINDOW points.
"use strict";
const WINDOW = 300;
const fmt = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const fmt1 = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
let previous = null;
let names = [];
const times = [];
const rates = {};
const p99s = {};
let rateChart = null;
let latencyChart = null;

function text(id, value) {
  document.getElementById(id).textContent = value;
}

function chart(target, title, unit, series) {
  const opts = {
    title, width: 520, height: 260,
    scales: { x: { time: true } },
    axes: [{}, { label: unit }],
    series: [{}].concat(series.map((name, i) => ({ label: name, stroke: ["#2a6fdb", "#d9480f", "#2b8a3e", "#862e9c"][i % 4] }))),
  };
  return new uPlot(opts, [[]].concat(series.map(() => [])), document.getElementById(target));
}

function onSnapshot(s) {
  text("title", s.title);
  text("status", s.finished ? "finished at " + new Date(s.finished).toLocaleTimeString() + ": the run's totals and "
    + "its last percentiles" : "updated " + new Date(s.t).toLocaleTimeString());
  const groups = s.groups;
  const key = groups.map(g => g.group).join(",");
  if (key !== names.join(",")) { // groups appeared: start the charts again with them
    names = groups.map(g => g.group);
    times.length = 0;
    names.forEach(n => { rates[n] = []; p99s[n] = []; });
    document.getElementById("rate-chart").innerHTML = "";
    document.getElementById("latency-chart").innerHTML = "";
    rateChart = chart("rate-chart", "steps/s", "steps/s", names);
    latencyChart = chart("latency-chart", "lookup p99 (round trip if networked)", "us", names);
  }
  const seconds = previous ? (s.t - previous.t) / 1000 : 0;
  let steps = 0, rate = 0, hits = 0, redundant = 0, repeated = 0;
  const rows = [];
  times.push(s.t / 1000);
  for (const g of groups) {
    const before = previous && previous.groups.find(p => p.group === g.group);
    const r = before && seconds > 0 ? (g.steps - before.steps) / seconds : 0;
    steps += g.steps; rate += r; hits += g.guardHits; redundant += g.redundant; repeated += g.repeated;
    rates[g.group].push(r);
    p99s[g.group].push(g.round_tripP99Us ?? g.storeP99Us ?? null);
    const used = g.budgetGranted > 0 ? fmt1.format(100 * g.budgetSpent / g.budgetGranted) + " %" : "unlimited";
    rows.push("<tr><td>" + g.group + "</td><td>" + g.policy + "</td><td>" + fmt.format(g.turns) + "</td><td>"
      + fmt.format(r) + "</td><td>" + fmt1.format(g.storeP50Us ?? 0) + "</td><td>" + fmt1.format(g.storeP99Us ?? 0)
      + "</td><td>" + (g.round_tripP50Us === undefined ? "-" : fmt1.format(g.round_tripP50Us)) + "</td><td>"
      + (g.round_tripP99Us === undefined ? "-" : fmt1.format(g.round_tripP99Us)) + "</td><td>" + used + "</td><td>"
      + fmt.format(g.unaffordable) + "</td><td>" + fmt.format(g.repeated) + "</td><td>" + fmt.format(g.redundant)
      + "</td></tr>");
  }
  document.getElementById("groups").innerHTML = rows.join("");
  if (times.length > WINDOW) {
    times.shift();
    names.forEach(n => { rates[n].shift(); p99s[n].shift(); });
  }
  text("steps-total", fmt.format(steps));
  text("steps-rate", fmt.format(rate));
  text("guard-hits", fmt.format(hits));
  text("redundant", fmt.format(redundant));
  text("repeated", fmt.format(repeated));
  text("agents-alive", s.agentsAlive === undefined ? "-" : fmt.format(s.agentsAlive));
  text("agents-hosted", s.agentsHosted === undefined ? "-" : fmt.format(s.agentsHosted));
  text("handoffs", s.handoffs === undefined ? "-" : fmt.format(s.handoffs));
  text("gc-pauses", fmt1.format(s.gcPauseSeconds * 1000) + " ms");
  if (rateChart) {
    rateChart.setData([times.slice()].concat(names.map(n => rates[n].slice())));
    latencyChart.setData([times.slice()].concat(names.map(n => p99s[n].slice())));
  }
  previous = s;
}

const events = new EventSource("live");
events.onmessage = e => onSnapshot(JSON.parse(e.data));
events.onerror = () => text("status", previous && previous.finished
  ? "finished at " + new Date(previous.finished).toLocaleTimeString() + "; the server has stopped"
  : "disconnected (the run may have ended); retrying");
