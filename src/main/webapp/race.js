// The race page's script (WEB-INF/jsp/race.jsp, which loads it where the page's elements are already there): the
// lanes, the frames and their reports, the table, the chart. What the page tells the script is in its data-*
// attributes; what a test reads of a race is in the data-* attributes the script writes on #race.
(function () {
  var ARTICLE = [{label: 'article, HTTP/1.1', millis: 2900}, {label: 'article, HTTP/2', millis: 1300}];
  var COLOURS = {'http/1.1': '#c63', h2: '#2a7', h3: '#36c', cluster: '#586'};
  var NAMES = {'http/1.1': 'HTTP/1.1 over TLS', h2: 'HTTP/2', h3: 'HTTP/3', cluster: 'HTTP/2 through the balancer'};
  var SHORT = {'http/1.1': 'h1-TLS', h2: 'h2', h3: 'h3'};
  var race = document.getElementById('race');
  var lanes = Array.prototype.slice.call(document.querySelectorAll('.lane'));
  var count = Number(race.dataset.count);
  var status = document.getElementById('status');
  var problem = document.getElementById('problem');
  var pending = null;

  // Only the door being waited for may report, and only in the shape the wall page posts.
  window.addEventListener('message', function (event) {
    if (pending && event.origin === pending.origin && event.data && event.data.type === 'h2demo-load') {
      pending.done(event.data);
    }
  });

  function network() {
    var now = document.getElementById('network').dataset;
    return {rtt: Number(now.rtt) || 0, loss: Number(now.loss) || 0, bandwidth: Number(now.bandwidth) || 0, cc: now.cc || ''};
  }

  function describe(net) {
    return net.rtt + ' ms round trip, ' + net.loss + ' % loss, ' + (net.bandwidth ? net.bandwidth + ' Mbit/s' : 'no bandwidth limit')
        + (net.cc ? ', ' + net.cc : '');
  }

  // Each frame says on which network the server served it: a change made in another tab shows here too.
  function showNetwork(net) {
    if (!net) { return; }
    var control = document.getElementById('network');
    Object.keys(net).forEach(function (name) {
      control.dataset[name] = net[name];
      document.getElementById('network-now-' + name).textContent = net[name];
    });
  }

  // Generous, for busy machines: set-up, the page and ceil(count/6) rounds of images over HTTP/1.1 (each
  // with a retransmission timeout under loss), plus the bytes at the link rate, four times over, plus the
  // browser's own work. An error page is noticed sooner, by its load event.
  function timeLimitMillis() {
    var net = network();
    var size = document.getElementById('size');
    var bytes = count * Number(size.options[size.selectedIndex].dataset.bytes);
    var transfer = net.bandwidth ? bytes * 8 / (net.bandwidth * 1000) : 0;
    return 30000 + 4 * ((Math.ceil(count / 6) + 10) * (net.rtt + (net.loss ? 200 : 0)) + transfer);
  }

  function loadIn(lane) {
    return new Promise(function (resolve, reject) {
      var frame = document.createElement('iframe');
      var finished = false, limit, grace;
      function end(report, reason) {
        if (finished) { return; }
        finished = true;
        clearTimeout(limit);
        clearTimeout(grace);
        pending = null;
        if (report) { resolve(report); } else { reject(reason); }
      }
      pending = {origin: lane.dataset.origin, done: function (report) { end(report); }};
      limit = setTimeout(function () { end(null, 'did not report within ' + Math.round(timeLimitMillis() / 1000) + ' s'); }, timeLimitMillis());
      // The wall posts its report right after its load event; an error page (a certificate the browser
      // does not trust, a door that is not there) loads without one.
      frame.addEventListener('load', function () {
        grace = setTimeout(function () { end(null, 'showed a page that did not report (an error page?)'); }, 3000);
      });
      frame.title = lane.dataset.label;
      frame.src = lane.dataset.url + '?count=' + count + '&size=' + document.getElementById('size').value
          + '&report-to=' + encodeURIComponent(location.origin);
      lane.querySelector('.frame').replaceChildren(frame);
    });
  }

  // The headline's curve (docs/results.md): the ratio at 50 ms for a browser of the reader's speed, which is how long
  // this browser takes to load the same page over HTTP/2 without a network (the fast door: its own and the server's
  // work). A warm-up load, then three; their median is the speed. The band adds the spread between recorded runs and
  // this race's own. The arithmetic is the server's (RacePredictionServlet, tested in Java): the page says only
  // whether its race is at the curve's setting, and what the server answered.
  var CURVE = race.dataset.answerCurve ? JSON.parse(race.dataset.answerCurve) : null;
  var SPEED_LOADS = 3;

  function predictable() {
    var net = network();
    return CURVE && count === CURVE.count && net.rtt === CURVE.rtt && !net.loss && !net.bandwidth
        && document.getElementById('size').value === 'logo';
  }

  // The speed's loads, and after the race each counted round's h2 / h1-TLS; the answer's figures at full precision, or
  // the server's one line of why not.
  function askServer(loads, ratios) {
    var query = new URLSearchParams();
    loads.forEach(function (millis) { query.append('load', millis); });
    ratios.forEach(function (ratio) { query.append('ratio', ratio); });
    return fetch('race/prediction?' + query).then(function (response) {
      return response.ok ? response.json() : response.text().then(function (line) { throw line.trim(); });
    });
  }

  async function measureSpeed() {
    var speed = document.getElementById('speed');
    var text = document.getElementById('prediction');
    var loads = [];
    speed.hidden = false; // a frame that is not shown may not load its images
    for (var i = 0; i <= SPEED_LOADS; i++) {
      status.textContent = 'your browser\u2019s speed: the page over HTTP/2 without a network, ' + (i ? 'load ' + i + ' of ' + SPEED_LOADS : 'warm-up') + '\u2026';
      var report = await loadIn(speed);
      if (report.protocol !== 'h2' || report.images !== count) {
        // a speed measured on a page that came another way, or whole, is no speed of this page over HTTP/2
        throw 'came over ' + report.protocol + ' with ' + report.images + ' of ' + count + ' images';
      }
      if (i > 0) { loads.push(report.loadMillis); }
    }
    // the speed's frames gone before the race, and a moment for the browser to let them go: the race starts on a
    // browser at rest, as a run's rounds do after its warm-up
    speed.querySelector('.frame').replaceChildren();
    speed.hidden = true;
    await new Promise(function (settled) { setTimeout(settled, 1000); });
    var at;
    try {
      at = await askServer(loads, []);
    } catch (reason) {
      throw 'loaded, but the server did not predict from it: ' + reason;
    }
    race.dataset.loopbackMillis = Math.round(at.loopbackMillis);
    race.dataset.predicted = at.ratio.toFixed(3);
    text.textContent = 'Your browser loaded this page over HTTP/2 without a network in ' + seconds(at.loopbackMillis) + ' (median of '
        + SPEED_LOADS + '). For a browser of that speed the recorded runs (' + CURVE.source + ') say HTTP/2 takes '
        + at.ratio.toFixed(2) + ' of HTTP/1.1-over-TLS\u2019s time at ' + CURVE.rtt + ' ms; a race should read between '
        + at.low.toFixed(2) + ' and ' + at.high.toFixed(2) + (at.beyondRecordedSpeeds
        ? ' (beyond the recorded speeds, ' + CURVE.lowest.toFixed(1) + ' to ' + CURVE.highest.toFixed(1) + ' s: the curve extended)' : '') + '.';
    text.hidden = false;
    return loads;
  }

  // After the race: its own ratio (the geometric mean of its rounds' h2 / h1-TLS, as the recorded runs') against the band.
  async function judge(results, loads) {
    var ratios = [];
    results.filter(function (r) { return r.lane.dataset.protocol === 'h2' && r.lane.dataset.key === 'h2' && !r.flagged; }).forEach(function (h2) {
      var h1 = results.filter(function (r) { return r.round === h2.round && r.lane.dataset.key === 'http/1.1' && !r.flagged; })[0];
      if (h1) { ratios.push(h2.millis / h1.millis); }
    });
    if (!ratios.length) { return; }
    var verdict = document.getElementById('verdict');
    var judged;
    try {
      judged = (await askServer(loads, ratios)).race;
    } catch (reason) {
      verdict.textContent = 'No verdict: the server did not judge the race: ' + reason + '.';
      verdict.hidden = false;
      return;
    }
    race.dataset.raceRatio = judged.ratio.toFixed(3);
    race.dataset.bandLow = judged.low.toFixed(3);
    race.dataset.bandHigh = judged.high.toFixed(3);
    race.dataset.prediction = judged.inside ? 'inside' : 'outside';
    verdict.textContent = 'This race read ' + judged.ratio.toFixed(2) + ' (HTTP/2 / HTTP/1.1 over TLS, the geometric mean of '
        + judged.rounds + (judged.rounds === 1 ? ' round): ' : ' rounds): ') + (judged.inside ? 'inside' : 'outside') + ' the prediction for your browser\u2019s speed, '
        + judged.low.toFixed(2) + ' to ' + judged.high.toFixed(2) + '.' + (judged.inside ? '' : ' Something here differs from the'
        + ' recorded runs: another browser, a busy machine, or a change in the server (docs/results.md has the points).');
    verdict.hidden = false;
  }

  function median(values) {
    var sorted = values.slice().sort(function (a, b) { return a - b; });
    var middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  function seconds(millis) {
    return (millis / 1000).toFixed(2) + ' s';
  }

  // A load that came over another protocol than its door's (a browser not started to use HTTP/3 on
  // localhost) is shown, but never counted as that door's.
  function timesOf(results, lane) {
    return results.filter(function (r) { return r.lane === lane && !r.flagged; }).map(function (r) { return r.millis; });
  }

  // The HTTP/3 lane without HTTP/3: what the browser did instead, and how to start one that speaks it.
  function missing(lane, what) {
    lane.dataset.missing = what;
    var note = document.createElement('div');
    note.className = 'missing';
    note.append('Not HTTP/3: this browser ' + what + '. Start Chromium or Chrome with ');
    var flags = document.createElement('code');
    // the page has an HTTP/3 lane only where door 4 is open, and then http3.jspf printed its flags
    flags.textContent = document.getElementById('http3-flags').textContent;
    note.append(flags, ' (see above) and race again.');
    if (/Firefox\//.test(navigator.userAgent)) {
      // Firefox's HTTP/3 preference maps a whole host to one UDP port: the TCP lanes would go there too
      note.append(' Firefox cannot race it: its HTTP/3 mapping takes a host, not a port, so the other lanes would'
          + ' come over HTTP/3 as well; open door 4 alone in Firefox (see above).');
    }
    lane.querySelector('.time').replaceChildren(note);
  }

  function render(results, rounds) {
    var body = document.querySelector('#results tbody');
    body.replaceChildren();
    for (var round = 1; round <= rounds; round++) {
      var row = body.insertRow();
      row.insertCell().textContent = round;
      lanes.forEach(function (lane) {
        var result = results.filter(function (r) { return r.round === round && r.lane === lane; })[0];
        row.insertCell().textContent = result ? seconds(result.millis) + ' (' + result.protocol + (result.flagged ? ', not counted' : '') + ')'
            : lane.dataset.missing ? 'no ' + (lane.dataset.key === 'cluster' ? 'cluster' : 'HTTP/3') : '';
      });
      var at = results.filter(function (r) { return r.round === round && r.network; }).map(function (r) { return describe(r.network); })
          .filter(function (text, i, all) { return all.indexOf(text) === i; });
      row.insertCell().textContent = (round === 1 ? 'new connections: set-up included' : 'connections reused')
          + (at.length ? ', ' + at.join(' / ') : '');
    }
    document.getElementById('results').hidden = false;
  }

  function summarize(results) {
    var medians = {};
    lanes.forEach(function (lane) {
      var times = timesOf(results, lane);
      if (times.length) { medians[lane.dataset.key] = median(times); }
    });
    var h1 = medians['http/1.1'], h2 = medians.h2, h3 = medians.h3, balanced = medians.cluster;
    var ratios = [];
    if (h2 && h1) { ratios.push('HTTP/2 / HTTP/1.1 = ' + (h2 / h1).toFixed(2)); }
    if (h3 && h2) { ratios.push('HTTP/3 / HTTP/2 = ' + (h3 / h2).toFixed(2)); }
    if (h3 && h1) { ratios.push('HTTP/3 / HTTP/1.1 = ' + (h3 / h1).toFixed(2)); }
    if (balanced && h2) { ratios.push('through the balancer / HTTP/2 = ' + (balanced / h2).toFixed(2)); }
    var foot = document.querySelector('#results tfoot');
    foot.replaceChildren();
    var row = foot.insertRow();
    row.insertCell().textContent = 'median';
    lanes.forEach(function (lane) {
      var m = medians[lane.dataset.key];
      row.insertCell().textContent = m ? seconds(m) : 'none';
    });
    row.insertCell().textContent = ratios.join(', ');
    document.getElementById('summary').textContent = 'Median: ' + Object.keys(medians).map(function (p) {
      return NAMES[p] + ' ' + seconds(medians[p]);
    }).join(', ') + ' \u2014 ' + ratios.join(', ') + ' at ' + describe(network());
    if (h1) { race.dataset.h1Millis = Math.round(h1); }
    if (h2) { race.dataset.h2Millis = Math.round(h2); }
    if (h3) { race.dataset.h3Millis = Math.round(h3); }
    if (balanced) { race.dataset.clusterMillis = Math.round(balanced); }
    if (h2 && h1) { race.dataset.ratio = (h2 / h1).toFixed(3); }
    showLab([['h2', 'http/1.1', h2 && h1 && h2 / h1], ['h3', 'h2', h3 && h2 && h3 / h2]]);
    chart(medians);
  }

  // Beside this run's ratios, the lab's (kernel TCP, real QUIC: docs/lab.md) where a lab run measured this page on this
  // network, and a warning where the model these doors run differed from it there (docs/results/model-against-lab.tsv).
  function showLab(ratios) {
    var net = network(), size = document.getElementById('size').value;
    var points = JSON.parse(race.dataset.labPoints || '[]');
    var list = document.getElementById('lab');
    list.replaceChildren();
    ratios.forEach(function (ratio) {
      var point = points.filter(function (p) {
        return p.size === size && p.rtt === net.rtt && p.loss === net.loss && p.bandwidth === net.bandwidth && p.cc === net.cc
            && p.protocol === ratio[0] && p.against === ratio[1];
      })[0];
      if (!ratio[2] || !point) { return; }
      var name = SHORT[ratio[0]] + ' / ' + SHORT[ratio[1]];
      var item = document.createElement('li');
      item.dataset.pair = ratio[0] + ' / ' + ratio[1];
      item.dataset.lab = point.lab.toFixed(2);
      item.dataset.agreement = point.agreement;
      item.textContent = name + ' here ' + ratio[2].toFixed(2) + '; on a real network (the lab, ' + point.record + ') '
          + point.lab.toFixed(2) + ({
            agrees: ', where this model agreed with it (' + point.model.toFixed(2) + ': ' + point.verdict + ').',
            differs: '. The model these doors run differed from the lab here (' + point.model.toFixed(2) + ': ' + point.verdict
                + '): on this point trust the lab\u2019s figure (docs/lab.md says why).',
            undecided: '; the loads could not tell whether this model agrees with it (' + point.model.toFixed(2) + ': '
                + point.verdict + ').'
          })[point.agreement];
      list.append(item);
    });
    list.hidden = !list.children.length;
  }

  function chart(medians) {
    var svg = document.getElementById('chart');
    var bars = Object.keys(medians).map(function (p) {
      return {label: 'this run, ' + (p === 'cluster' ? 'balancer' : p), millis: medians[p], colour: COLOURS[p]};
    })
        .concat(ARTICLE.map(function (a, i) { return {label: a.label, millis: a.millis, colour: i ? '#9dc' : '#dba'}; }));
    var most = Math.max.apply(null, bars.map(function (b) { return b.millis; }));
    var ns = 'http://www.w3.org/2000/svg';
    svg.replaceChildren();
    bars.forEach(function (bar, i) {
      var y = 10 + i * 38;
      var width = Math.max(1, 400 * bar.millis / most);
      var rect = document.createElementNS(ns, 'rect');
      rect.setAttribute('x', 130); rect.setAttribute('y', y); rect.setAttribute('height', 26);
      rect.setAttribute('width', width); rect.setAttribute('fill', bar.colour);
      var name = document.createElementNS(ns, 'text');
      name.setAttribute('x', 0); name.setAttribute('y', y + 18); name.textContent = bar.label;
      var value = document.createElementNS(ns, 'text');
      value.setAttribute('x', 136 + width); value.setAttribute('y', y + 18); value.textContent = seconds(bar.millis);
      svg.append(rect, name, value);
    });
    svg.hidden = false;
  }

  function browserName() {
    var brands = navigator.userAgentData && navigator.userAgentData.brands
        ? navigator.userAgentData.brands.filter(function (b) { return !/Not/.test(b.brand); }) : [];
    return brands.length ? brands.map(function (b) { return b.brand + ' ' + b.version; }).join(', ') : navigator.userAgent;
  }

  function tellProblem(lane, reason) {
    problem.replaceChildren();
    var open = document.createElement('a');
    open.href = lane.dataset.url;
    open.target = '_blank';
    open.textContent = 'open that door in its own tab';
    problem.append(lane.dataset.label + ' (' + lane.dataset.origin + ') ' + reason + '. A browser that does not trust '
        + 'the project\u2019s certificate yet cannot show its warning inside a frame: ', open,
        ' once and accept the certificate, or trust keystore/localhost.crt as the README explains '
        + '("Trusting the certificate"); then race again.');
    problem.hidden = false;
  }

  // The curve's loads each had a fresh browser context: new connections, each with a new congestion window. Before each
  // of the race's loads the server closes the slow doors' idle connections (idle for 500 ms: the wait), so that the
  // race measures the same; its answer says each door's connections so far (a test reads them at the start and the end).
  async function freshConnections(key) {
    await new Promise(function (settled) { setTimeout(settled, 600); });
    try {
      var response = await fetch('network/fresh', {method: 'POST'});
      if (response.ok) {
        var accepted = JSON.stringify((await response.json()).accepted);
        if (key) { race.dataset[key] = accepted; }
      }
    } catch (unreachable) {
      // no slow doors, or the server is gone: the load says so itself
    }
  }

  async function run(rounds) {
    var results = [];
    race.dataset.state = 'running';
    problem.hidden = true;
    document.getElementById('summary').textContent = '';
    document.getElementById('verdict').hidden = true;
    ['loopbackMillis', 'predicted', 'raceRatio', 'bandLow', 'bandHigh', 'prediction', 'connectionsAtStart', 'connectionsAtEnd'].forEach(function (key) { delete race.dataset[key]; });
    lanes.forEach(function (lane) { delete lane.dataset.missing; lane.querySelector('.time').textContent = '\u00a0'; });
    var loads = null;
    if (predictable()) {
      try {
        loads = await measureSpeed();
      } catch (reason) {
        document.getElementById('speed').querySelector('.frame').replaceChildren();
        document.getElementById('speed').hidden = true;
        document.getElementById('prediction').textContent = 'No prediction: the page over HTTP/2 without a network ' + reason + '.';
        document.getElementById('prediction').hidden = false;
      }
    } else {
      document.getElementById('prediction').textContent = CURVE ? 'The recorded curve predicts the ' + CURVE.count
          + ' logos at ' + CURVE.rtt + ' ms without loss or a rate limit; this race is at another setting, so it is not predicted.'
          : 'No recorded curve in this build (docs/results/answer-curve.properties): the race is not predicted.';
      document.getElementById('prediction').hidden = false;
    }
    if (/Firefox\//.test(navigator.userAgent)) {
      // Firefox cannot race door 4 beside the TCP doors (its HTTP/3 mapping takes the whole host), and its frame
      // of a door that nothing answers over TCP never reports: trying would only wait out the time limit
      lanes.filter(function (lane) { return lane.dataset.protocol === 'h3'; }).forEach(function (lane) { missing(lane, 'is Firefox'); });
    }
    for (var round = 1; round <= rounds; round++) {
      var order = round % 2 ? lanes : lanes.slice().reverse();
      for (var i = 0; i < order.length; i++) {
        var lane = order[i];
        if (lane.dataset.missing) { continue; }
        status.textContent = 'round ' + round + ' of ' + rounds + ': ' + lane.dataset.label + '\u2026';
        var report;
        await freshConnections(results.length ? null : 'connectionsAtStart');
        try {
          report = await loadIn(lane);
        } catch (reason) {
          if (lane.dataset.protocol === 'h3') {
            // no QUIC to localhost: nothing answers the HTTP/3 door over TCP; the other lanes race on
            missing(lane, 'did not reach it over QUIC: the frame ' + reason);
            render(results, rounds);
            continue;
          }
          if (lane.dataset.key === 'cluster') {
            // the cluster stopped since the page was shown: the other lanes race on
            lane.dataset.missing = 'the cluster';
            lane.querySelector('.time').textContent = 'The cluster did not answer (the frame ' + reason + ')';
            render(results, rounds);
            continue;
          }
          race.dataset.state = 'failed';
          status.textContent = 'stopped';
          tellProblem(lane, reason);
          return;
        }
        var flagged = report.protocol !== lane.dataset.protocol;
        results.push({round: round, lane: lane, millis: report.loadMillis, protocol: report.protocol, images: report.images,
            imageEntries: report.imageEntries, network: report.network, flagged: flagged});
        showNetwork(report.network);
        lane.querySelector('.time').textContent = seconds(report.loadMillis) + ' over ' + report.protocol;
        if (flagged && lane.dataset.protocol === 'h3') {
          missing(lane, 'loaded it over ' + report.protocol + ', not QUIC');
        }
        render(results, rounds);
      }
    }
    await freshConnections('connectionsAtEnd'); // once more, for the connections the last load made
    summarize(results);
    if (loads !== null) { await judge(results, loads); }
    race.dataset.results = JSON.stringify(results.map(function (r) {
      // imageEntries: the image requests the browser made (Resource Timing), beside the images it drew
      return {round: r.round, door: r.lane.dataset.protocol, lane: r.lane.dataset.key, millis: r.millis, protocol: r.protocol, images: r.images,
          imageEntries: r.imageEntries,
          network: r.network, counted: !r.flagged};
    }));
    race.dataset.missing = lanes.filter(function (lane) { return lane.dataset.missing; })
        .map(function (lane) { return lane.dataset.key; }).join(',');
    status.textContent = 'done';
    race.dataset.state = 'done';
  }

  document.getElementById('browser').textContent = 'Measured by ' + browserName() + ', on this computer, through the slow doors.';
  document.getElementById('race-form').addEventListener('submit', function (event) {
    event.preventDefault();
    if (race.dataset.state === 'running') { return; }
    var rounds = Math.min(10, Math.max(1, Math.round(Number(document.getElementById('rounds').value) || 3)));
    run(rounds);
  });
})();
