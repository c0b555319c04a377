/* SPDX-License-Identifier: MIT */
/*
 * report.js: iobench's HTML report. The page holds the JSON documents it
 * shows (#iobench-data: { kind, docs, compare }) and this script builds
 * every section from them, the charts with Dygraphs (embedded beside it).
 * Each figure shown is bound to the field it comes from (data-doc,
 * data-path, data-scale), so that a test can check the page against the
 * JSON; each chart marks itself drawn (data-drawn) when Dygraphs has drawn it.
 */
'use strict';
(function () {
	const data = JSON.parse(document.getElementById('iobench-data').textContent);
	const main = document.getElementById('report');
	const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b',
		'#e377c2', '#7f7f7f', '#bcbd22'];
	const PCTS = [[50, 'p50'], [90, 'p90'], [99, 'p99'], [99.9, 'p99_9']];

	function el(tag, attrs, ...kids) {
		const e = document.createElement(tag);

		for (const k in attrs || {})
			if (attrs[k] !== null && attrs[k] !== undefined)
				e.setAttribute(k, attrs[k]);
		for (const k of kids.flat())
			if (k !== null && k !== undefined)
				e.append(k instanceof Node ? k : String(k));
		return e;
	}

	function get(o, path) {
		for (const k of String(path).split('.')) {
			if (o === null || o === undefined)
				return null;
			o = o[k];
		}
		return o === undefined ? null : o;
	}

	/* Three significant figures or more: at most 0.5% off the value (the test's bound). */
	function fmt(v) {
		if (v === null || v === undefined || typeof v !== 'number' || !isFinite(v))
			return '–';
		const a = Math.abs(v);

		if (a >= 100 || Number.isInteger(v))
			return Math.round(v).toLocaleString('en-US');
		if (a >= 10)
			return v.toFixed(1);
		if (a >= 1)
			return v.toFixed(2);
		return a === 0 ? '0' : v.toPrecision(3);
	}

	function axisNum(v) {
		const a = Math.abs(v);

		return a >= 1e6 ? fmt(v / 1e6) + 'M' : a >= 1e4 ? fmt(v / 1e3) + 'k' : fmt(v);
	}

	/* A figure of document doc (an index into data.docs, or 'compare') at path, times scale. */
	function num(doc, path, scale) {
		const src = doc === 'compare' ? data.compare : data.docs[doc];
		const v = get(src, path);

		scale = scale || 1;
		return el('span', { class: 'num', 'data-doc': doc, 'data-path': path, 'data-scale': scale },
			fmt(typeof v === 'number' ? v * scale : null));
	}

	function td(kid, cls) {
		return el('td', { class: cls }, kid);
	}

	function table(head, rows) {
		return el('table', {}, el('tr', {}, head.map((h, i) => el('th', { class: i ? null : 'l' }, h))),
			rows);
	}

	function panel(parent, title, note) {
		const p = el('div', { class: 'panel' }, el('h3', {}, title), note ? el('p', { class: 'note' }, note) : null);

		parent.append(p);
		return p;
	}

	/*
	 * A chart of rows ([x, y1, y2...]) under labels, in its own panel. Rows
	 * without a number in any series draw nothing: the panel says so instead.
	 */
	function chart(parent, title, note, labels, rows, opts) {
		const p = panel(parent, title, note);
		const some = rows.some(r => r.slice(1).some(v => typeof v === 'number' && isFinite(v)));

		if (!some) {
			p.append(el('p', { class: 'note' }, 'no data'));
			return null;
		}
		const c = el('div', { class: 'chart', 'data-title': title });
		const lg = el('div', { class: 'legend' });

		p.append(c, lg);
		const o = Object.assign({
			labels: labels, labelsDiv: lg, legend: 'always', colors: COLORS, strokeWidth: 1.6,
			connectSeparatedPoints: true, axisLabelFontSize: 12,
			drawCallback: (g, initial) => { if (initial) c.dataset.drawn = '1'; },
		}, opts || {});
		/* the y axes' figures: 20k and 3M for large ones, plain below (no "500m" for 0.5) */
		o.axes = Object.assign({}, o.axes || {});
		for (const y of ['y', 'y2'])
			o.axes[y] = Object.assign({ axisLabelFormatter: axisNum, axisLabelWidth: 60 }, o.axes[y] || {});
		return new Dygraph(c, rows, o);
	}

	/* The warm-up and cool-down around a run's window, shaded on a time chart. */
	function phases(doc) {
		const w = doc.workload || {}, t = doc.test_time_s || 0;
		const before = w.warmup_s || 0, after = w.cooldown_s || 0;

		return {
			dateWindow: [-before, t + after],
			underlayCallback: (ctx, area, g) => {
				ctx.fillStyle = 'rgba(120, 130, 145, 0.16)';
				ctx.font = '11px sans-serif';
				for (const [a, b, what] of [[-before, 0, 'warm-up'], [t, t + after, 'cool-down']]) {
					if (b <= a)
						continue;
					const x1 = g.toDomXCoord(a), x2 = g.toDomXCoord(b);

					ctx.fillRect(x1, area.y, x2 - x1, area.h);
					ctx.fillStyle = 'rgba(60, 70, 85, 0.8)';
					ctx.fillText(what + ' (not measured)', x1 + 4, area.y + 12);
					ctx.fillStyle = 'rgba(120, 130, 145, 0.16)';
				}
			},
		};
	}

	const TIME_X = 'seconds from the start of the measured window';

	/* Interval k's length in seconds (the last may be short). */
	function spans(times) {
		return times.map((t, k) => t - (k ? times[k - 1] : 0));
	}

	/*
	 * Rows of a step chart from per-interval values: f(k) for interval k, drawn
	 * from its start (the end of the one before) and held to its end.
	 */
	function steps(times, f) {
		const rows = times.map((t, k) => [k ? times[k - 1] : 0].concat(f(k)));

		if (rows.length)
			rows.push([times[times.length - 1]].concat(f(times.length - 1)));
		return rows;
	}

	function kinds(doc) {
		const t = doc.results.total;
		return [['read', 'reads'], ['write', 'writes'], ['trim', 'trims']].filter(([k]) => t[k] && t[k].ios > 0);
	}

	function pctIndex(io, p) {
		const ps = (io && io.latency_ns && io.latency_ns.percentiles) || [];
		return ps.findIndex(e => e.percentile === p);
	}

	function lat(doc, base, io, p) {
		const i = pctIndex(io, p);
		return i < 0 ? '–' : num(doc, base + '.latency_ns.percentiles.' + i + '.ns', 0.001);
	}

	/* ---- one run ---- */

	function verdictOf(parent, doc) {
		const v = doc.verdict;

		if (!doc.complete)
			parent.append(el('div', { class: 'banner' }, doc.interrupted ? 'Interrupted: these are partial results.' :
				doc.error ? 'The run failed: ' + doc.error : 'The run did not measure its whole window.'));
		if (v) {
			const cls = v.latency === 'critical' ? 'bad' : v.latency === 'warning' ? 'warn' : v.latency === 'good' ? 'good' : '';
			const box = el('div', { class: 'verdict ' + cls });

			box.append(el('div', {}, el('b', {}, 'Verdict: '), v.not_judged ? 'not judged: ' + v.not_judged : v.latency_text || ''));
			if (v.resembles)
				box.append(el('div', {}, v.resembles));
			if (v.queue_bottleneck)
				box.append(el('div', {}, 'The device queue is the bottleneck (average queue length ' + fmt(v.queue_length) + ').'));
			for (const l of v.loads || [])
				box.append(el('div', {}, (l.carries ? 'Carries ' : 'Does not carry ') + l.load + ' (' +
					fmt(l.iops_needed) + ' IOPS needed).'));
			parent.append(box);
		}
		if (doc.warnings && doc.warnings.length)
			parent.append(el('ul', { class: 'warnings' }, doc.warnings.map(w => el('li', {}, w.message))));
	}

	function ranOf(parent, doc) {
		const h = doc.host || {}, w = doc.workload || {};
		const dl = el('dl', { class: 'ran' });
		const add = (k, v) => { if (v !== null && v !== undefined && v !== '') dl.append(el('dt', {}, k), el('dd', {}, v)); };

		add('Label', doc.label);
		add('Command line', doc.command_line ? el('code', {}, doc.command_line) : null);
		add('Job file', doc.job_file ? el('pre', {}, el('code', {}, doc.job_file)) : null);
		add('Host', h.hostname + ' — ' + (h.cpu_model || '') + ', ' + h.cpu_count + ' CPUs, ' +
			fmt(h.memory_bytes / 1073741824) + ' GiB');
		add('Kernel', h.kernel);
		add('Engine', w.engine);
		add('Window', fmt(doc.test_time_s) + ' s measured after ' + fmt(w.warmup_s || 0) + ' s of warm-up, then ' +
			fmt(w.cooldown_s || 0) + ' s of cool-down; series intervals of ' + fmt(w.interval_ms) + ' ms');
		if (doc.phases)
			add('When', doc.phases.start + ' to ' + doc.phases.end);
		for (const t of doc.targets || []) {
			const chain = (t.devices || []).map(d => d.name + ' (' + d.kind + (d.model ? ', ' + d.model : '') +
				(d.rotational === true ? ', rotational' : d.rotational === false ? ', non-rotational' : '') +
				(d.scheduler ? ', ' + d.scheduler : '') + ')').join(' → ');

			add('Target', el('span', {}, el('code', {}, t.path), ' — ' + t.type + ', ' + fmt(t.size / 1048576) + ' MiB' +
				(t.file_system ? ', ' + t.file_system + ' on ' + t.mount_point : '') + (chain ? '; devices: ' + chain : '')));
		}
		add('iobench', doc.iobench_version + ' (JSON schema ' + doc.schema_version + ')');
		parent.append(dl);
	}

	function summaryOf(parent, d, doc) {
		const head = ['', 'I/Os', 'IOPS', 'MiB/s (2^20 B/s)', 'MB/s (10^6 B/s)', 'mean µs', 'p50 µs', 'p99 µs',
			'p99.9 µs', 'max µs', 'IOPS std dev'];
		const rows = [];

		for (const [k, name] of kinds(doc).concat(kinds(doc).length > 1 ? [['total', 'total']] : [])) {
			const b = 'results.total.' + k, io = doc.results.total[k];

			rows.push(el('tr', {}, td(name, 'l'), td(num(d, b + '.ios')), td(num(d, b + '.iops')),
				td(num(d, b + '.mib_per_s')), td(num(d, b + '.bytes', 1e-6 / doc.test_time_s)),
				td(num(d, b + '.latency_ns.mean', 0.001)), td(lat(d, b, io, 50)), td(lat(d, b, io, 99)),
				td(lat(d, b, io, 99.9)), td(num(d, b + '.latency_ns.max', 0.001)), td(num(d, b + '.iops_stddev'))));
		}
		parent.append(table(head, rows));
		const c = doc.cpu || {}, q = doc.queue_depth || {};
		parent.append(table(['', 'value'], [
			el('tr', {}, td('CPU busy, average of ' + ((c.per_cpu || []).length) + ' CPUs (%)', 'l'), td(num(d, 'cpu.average.usage'))),
			el('tr', {}, td('iobench CPU per I/O (µs)', 'l'), td(num(d, 'cpu.process.us_per_io'))),
			el('tr', {}, td('queue depth requested', 'l'), td(num(d, 'queue_depth.requested'))),
			el('tr', {}, td('queue depth achieved (average in flight)', 'l'), td(num(d, 'queue_depth.achieved'))),
		]));
	}

	function timeCharts(parent, d, doc) {
		const s = doc.series, t = s.time_s, len = spans(t), tot = s.total, ks = kinds(doc);
		const g = el('div', { class: 'grid2' });

		parent.append(g);
		chart(g, 'IOPS over time', 'I/Os completed in each interval / its length; shaded: not measured', ['s'].concat(ks.map(k => k[1])),
			steps(t, i => ks.map(([k]) => tot[(k === 'trim' ? 'read' : k) + '_ios'][i] / len[i])),
			Object.assign({ xlabel: TIME_X, ylabel: 'I/O per second', includeZero: true, stepPlot: true }, phases(doc)));
		chart(g, 'Throughput over time', 'MiB/s = 2^20 bytes a second', ['s'].concat(ks.map(k => k[1])),
			steps(t, i => ks.map(([k]) => tot[(k === 'trim' ? 'read' : k) + '_bytes'][i] / len[i] / 1048576)),
			Object.assign({ xlabel: TIME_X, ylabel: 'MiB/s', includeZero: true, stepPlot: true }, phases(doc)));
		for (const [k, name] of ks) {
			const c = k === 'trim' ? 'read' : k;

			if (!tot[c + '_lat_p50_ns'])
				continue;
			chart(g, 'Latency of ' + name + ' over time', 'percentiles of each interval\'s own histogram (within 1.6%); max exact',
				['s', 'p50', 'p90', 'p99', 'p99.9', 'max'],
				steps(t, i => PCTS.map(([, n]) => tot[c + '_lat_' + n + '_ns'][i])
					.concat(tot[c + '_ios'][i] ? [tot[c + '_lat_max_ns'][i]] : [null]).map(v => v !== null ? v / 1000 : v)),
				Object.assign({ xlabel: TIME_X, ylabel: 'latency (µs, log scale)', logscale: true, stepPlot: true }, phases(doc)));
		}
	}

	/* The histogram in 8 bins per power of two, as a share of the I/Os. */
	function histogramCharts(parent, d, doc) {
		const ks = kinds(doc), h = doc.histogram || {};
		const bins = new Map();
		let lo = Infinity, hi = -Infinity;

		const g = el('div', { class: 'grid2' });
		parent.append(g);
		ks.forEach(([k], j) => {
			const pairs = h[k === 'trim' ? 'read' : k] || [];
			const total = pairs.reduce((a, p) => a + p[1], 0);

			for (const [low, n] of pairs) {
				const b = Math.floor(Math.log2(Math.max(low, 1)) * 8);

				lo = Math.min(lo, b);
				hi = Math.max(hi, b);
				if (!bins.has(b))
					bins.set(b, ks.map(() => 0));
				bins.get(b)[j] += 100 * n / total;
			}
		});
		const rows = [];
		for (let b = lo; b <= hi + 1 && isFinite(lo); b++)
			rows.push([Math.pow(2, b / 8) / 1000].concat(bins.has(b) ? bins.get(b) : ks.map(() => 0)));
		chart(g, 'Latency histogram', 'share of the I/Os in each eighth of a power of two', ['µs'].concat(ks.map(k => k[1])), rows,
			{ xlabel: 'latency (µs, log scale)', ylabel: '% of I/Os', stepPlot: true, fillGraph: true,
				axes: { x: { logscale: true } }, includeZero: true });
		/* the percentile spectrum: x is 1 / (1 - p), so each nine takes as much room */
		const ticks = [[2, '50'], [10, '90'], [100, '99'], [1e3, '99.9'], [1e4, '99.99'], [1e5, '99.999'], [1e6, '99.9999'],
			[1e7, '99.99999'], [1e8, '99.999999'], [1e9, '99.9999999']];
		const xs = new Map();
		ks.forEach(([k], j) => {
			const n = doc.results.total[k].ios;

			for (const e of (doc.results.total[k].latency_ns.percentiles || [])) {
				if (e.percentile >= 100 || 1 / (1 - e.percentile / 100) > n)
					continue;	/* past the last I/O: the maximum, again */
				const x = 1 / (1 - e.percentile / 100);
				if (!xs.has(x))
					xs.set(x, ks.map(() => null));
				xs.get(x)[j] = e.ns / 1000;
			}
		});
		const prow = [...xs.keys()].sort((a, b) => a - b).map(x => [x].concat(xs.get(x)));
		chart(g, 'Percentile spectrum', 'latency at each percentile of the whole window, up to the one its I/O count resolves', ['x'].concat(ks.map(k => k[1])), prow,
			{ xlabel: 'percentile (log of 1 / (1 − p))', ylabel: 'latency (µs, log scale)', logscale: true, drawPoints: true,
				axes: { x: { logscale: true, ticker: () => ticks.map(([v, label]) => ({ v: v, label: label })),
					valueFormatter: x => 'p' + (100 * (1 - 1 / x)).toPrecision(10).replace(/\.?0+$/, '') } } });
	}

	function cpuChart(parent, d, doc) {
		const s = doc.cpu && doc.cpu.series;

		if (!s)
			return;
		chart(parent, 'CPU per core over time', '% busy (100 − idle − iowait) of each CPU in each interval, from /proc/stat',
			['s'].concat(s.per_cpu.map(c => 'CPU ' + c.cpu)),
			steps(s.time_s, i => s.per_cpu.map(c => c.usage[i])),
			Object.assign({ xlabel: TIME_X, ylabel: '% busy', valueRange: [0, 105], stepPlot: true }, phases(doc)));
	}

	/* Rows of two series on their own x values, merged (a gap where a series has no point). */
	function merge(a, b) {
		const rows = a.map(([x, ...v]) => [x].concat(v, b[0].slice(1).map(() => null)))
			.concat(b.map(([x, ...v]) => [x].concat(a[0].slice(1).map(() => null), v)));
		return rows.sort((p, q) => p[0] - q[0]);
	}

	function deviceCharts(parent, d, doc) {
		const s = doc.series, t = s.time_s, len = spans(t), tot = s.total;

		(doc.devices || []).forEach((dev, i) => {
			const ds = dev.series;

			parent.append(el('h3', {}, 'Device ' + dev.name + ' (' + dev.device + ')'));
			if (!dev.counters || !ds) {
				parent.append(el('p', { class: 'note' }, 'no device counters for it over the window'));
				return;
			}
			const g = el('div', { class: 'grid2' });
			parent.append(g);
			const app = steps(t, k => [(tot.read_ios[k] + tot.write_ios[k]) / len[k]]);
			const devr = steps(ds.time_s, k => [ds.r_s[k] + ds.w_s[k]]);
			chart(g, 'IOPS: iobench and ' + dev.name, 'iobench\'s completions against the device\'s (r/s + w/s, iostat)',
				['s', 'iobench IOPS', dev.name + ' r/s + w/s'], merge(app, devr),
				Object.assign({ xlabel: TIME_X, ylabel: 'I/O per second', includeZero: true, stepPlot: true }, phases(doc)));
			const al = steps(t, k => [tot.read_ios[k] ? tot.read_lat_sum_ns[k] / tot.read_ios[k] / 1e6 : null,
				tot.write_ios[k] ? tot.write_lat_sum_ns[k] / tot.write_ios[k] / 1e6 : null]);
			const dl = steps(ds.time_s, k => [ds.r_await_ms[k], ds.w_await_ms[k]]);
			chart(g, 'Latency: iobench and ' + dev.name + '\'s await', 'iobench\'s mean latency against the device\'s r_await and w_await',
				['s', 'iobench read mean', 'iobench write mean', dev.name + ' r_await', dev.name + ' w_await'], merge(al, dl),
				Object.assign({ xlabel: TIME_X, ylabel: 'ms', includeZero: true, stepPlot: true }, phases(doc)));
			chart(g, dev.name + ': utilisation and queue', '%util (right axis: aqu-sz, the average queue length)',
				['s', '%util', 'aqu-sz'], steps(ds.time_s, k => [ds.util_percent[k], ds.aqu_sz[k]]),
				Object.assign({ xlabel: TIME_X, ylabel: '% of the time busy', y2label: 'requests in the queue',
					series: { 'aqu-sz': { axis: 'y2' } }, valueRange: [0, 105], axes: { y2: { includeZero: true } },
					stepPlot: true }, phases(doc)));
			const x = dev.crosscheck, b = 'devices.' + i + '.crosscheck.';
			if (x) {
				parent.append(table(['cross-check', 'iobench', dev.name], [
					el('tr', {}, td('I/Os', 'l'), td(num(d, b + 'app_ios')), td(num(d, b + 'device_ios'))),
					el('tr', {}, td('bytes (MB, 10^6)', 'l'), td(num(d, b + 'app_bytes', 1e-6)), td(num(d, b + 'device_bytes', 1e-6))),
					el('tr', {}, td('request size (KiB)', 'l'), td(num(d, b + 'app_request_size', 1 / 1024)),
						td(num(d, b + 'device_request_size', 1 / 1024))),
					el('tr', {}, td('latency / await (ms)', 'l'), td(num(d, b + 'app_latency_ms')), td(num(d, b + 'device_await_ms'))),
					el('tr', {}, td('queue depth', 'l'), td(num(d, b + 'app_queue_depth')), td(num(d, b + 'device_queue_depth'))),
				]));
				if (x.likely_causes && x.likely_causes.length)
					parent.append(el('ul', { class: 'warnings' }, x.likely_causes.map(c => el('li', {}, 'Likely: ' + c))));
			}
		});
	}

	function perTables(parent, d, doc) {
		const r = doc.results;

		parent.append(el('h3', {}, 'Per thread'));
		parent.append(table(['thread', 'target', 'IOPS', 'MiB/s', 'mean µs', 'p99 µs', 'max µs', 'CPU busy %', 'queue depth'],
			r.threads.map((t, i) => {
				const b = 'results.threads.' + i;
				return el('tr', {}, td(String(t.thread), 'l'), td(String(t.target)), td(num(d, b + '.total.iops')),
					td(num(d, b + '.total.mib_per_s')), td(num(d, b + '.total.latency_ns.mean', 0.001)),
					td(lat(d, b + '.total', t.total, 99)), td(num(d, b + '.total.latency_ns.max', 0.001)),
					td(num(d, b + '.cpu_busy_pct')), td(num(d, b + '.queue_depth_achieved')));
			})));
		parent.append(el('h3', {}, 'Per target'));
		parent.append(table(['target', 'IOPS', 'MiB/s', 'read IOPS', 'write IOPS', 'mean µs', 'p99 µs', 'max µs'],
			r.targets.map((t, i) => {
				const b = 'results.targets.' + i;
				return el('tr', {}, td(el('code', {}, t.path), 'l'), td(num(d, b + '.total.iops')),
					td(num(d, b + '.total.mib_per_s')), td(num(d, b + '.read.iops')), td(num(d, b + '.write.iops')),
					td(num(d, b + '.total.latency_ns.mean', 0.001)), td(lat(d, b + '.total', t.total, 99)),
					td(num(d, b + '.total.latency_ns.max', 0.001)));
			})));
	}

	/* A result merged from MPI ranks: each host's own figures, and who was done when. */
	function hostsTable(parent, d, doc) {
		const h = doc.hosts;

		parent.append(el('h3', {}, 'Hosts (' + h.count + ' MPI ranks)'));
		parent.append(el('p', { class: 'note' }, 'Started together; the totals are their sums and the percentiles ' +
			'those of all their I/Os (histograms summed, never averaged). First done: ' + h.first_done +
			', last done: ' + h.last_done + '.'));
		parent.append(table(['rank', 'host', 'IOPS', 'MiB/s', 'mean ms', 'p50 ms', 'p99 ms', 'IOPS vs median %',
			'window s', 'clock offset ms', ''],
			h.ranks.map((r, i) => {
				const b = 'hosts.ranks.' + i;
				return el('tr', {}, td(String(r.rank), 'l'), td(r.name), td(num(d, b + '.iops')),
					td(num(d, b + '.mib_per_s')), td(num(d, b + '.lat_mean_ms')), td(num(d, b + '.lat_p50_ms')),
					td(num(d, b + '.lat_p99_ms')), td(num(d, b + '.iops_vs_median', 100)),
					td(num(d, b + '.window_s')), td(num(d, b + '.clock_offset_ms')),
					td(r.failed ? 'failed' : r.interrupted ? 'stopped' : r.apart ? 'apart' : ''));
			})));
	}

	function runSection(d) {
		const doc = data.docs[d], s = el('section', { class: 'run' });
		const name = doc.label || (doc.targets || []).map(t => t.path).join(', ');

		main.append(s);
		s.append(el('h2', {}, (data.docs.length > 1 ? 'Run ' + (d + 1) + ': ' : '') + name));
		verdictOf(s, doc);
		s.append(el('h3', {}, 'What ran'));
		ranOf(s, doc);
		s.append(el('h3', {}, 'Summary'));
		summaryOf(s, d, doc);
		if (doc.hosts)
			hostsTable(s, d, doc);
		if (!doc.series || !doc.series.intervals)
			return;
		s.append(el('h3', {}, 'Over time'));
		timeCharts(s, d, doc);
		s.append(el('h3', {}, 'Latency'));
		histogramCharts(s, d, doc);
		s.append(el('h3', {}, 'CPU'));
		cpuChart(s, d, doc);
		if ((doc.devices || []).length) {
			s.append(el('h3', {}, 'Devices, beside iobench'));
			deviceCharts(s, d, doc);
		}
		perTables(s, d, doc);
	}

	/* ---- several runs ---- */

	function labelOf(i) {
		return data.compare ? data.compare.columns[i].label : data.docs[i].label || 'run ' + (i + 1);
	}

	function overlay(parent, title, note, ylabel, f, opts) {
		const n = data.docs.length, pts = [];

		data.docs.forEach((doc, i) => {
			const s = doc.series;
			if (!s)
				return;
			const len = spans(s.time_s);
			for (const [x, v] of steps(s.time_s, k => [f(s.total, k, len[k], doc)])) {
				const row = new Array(n + 1).fill(null);
				row[0] = x;
				row[i + 1] = v;
				pts.push(row);
			}
		});
		pts.sort((a, b) => a[0] - b[0]);
		chart(parent, title, note, ['s'].concat(data.docs.map((_, i) => labelOf(i))), pts,
			Object.assign({ xlabel: TIME_X, ylabel: ylabel, stepPlot: true }, opts || {}));
	}

	function compareSection() {
		const c = data.compare, s = el('section', { class: 'run' });

		main.append(s);
		s.append(el('h2', {}, 'Side by side'));
		s.append(el('p', { class: 'sub' }, 'Each column\'s change against the first (the baseline); "within noise" where the ' +
			'difference is inside the runs\' own interval-to-interval spread.'));
		c.points.forEach((p, pi) => {
			if (c.points.length > 1)
				s.append(el('h3', {}, p.key));
			const head = ['metric'];
			c.columns.forEach((col, i) => head.push(col.label, ...(i ? ['change'] : [])));
			s.append(table(head, p.metrics.filter(m => m.values.some(v => v !== null)).map(m => {
				const mi = p.metrics.indexOf(m), b = 'points.' + pi + '.metrics.' + mi;
				const cells = [td(m.name + ' (' + m.unit + ')', 'l')];
				m.values.forEach((v, i) => {
					cells.push(td(num('compare', b + '.values.' + i)));
					if (i) {
						const ch = m.change[i], pct = m.change_pct[i];
						cells.push(td(pct === null ? '–' : el('span', {}, num('compare', b + '.change_pct.' + i), '% ' + (ch || '')),
							ch === 'within noise' ? 'noise' : ch || ''));
					}
				});
				return el('tr', {}, cells);
			})));
		});
		if (!data.docs.length) {	/* presets' or sweeps' points: each file has its own page */
			s.append(el('p', { class: 'note' }, 'The files hold several runs each (a preset\'s or a sweep\'s ' +
				'points): their series are on each file\'s own page (iobench report FILE --html=PAGE).'));
			return;
		}
		const g = el('div', { class: 'grid2' });
		s.append(g);
		overlay(g, 'IOPS over time', 'all I/Os, each run\'s measured window from its start', 'I/O per second',
			(t, k, len) => (t.read_ios[k] + t.write_ios[k]) / len, { includeZero: true });
		overlay(g, 'Throughput over time', 'MiB/s = 2^20 bytes a second', 'MiB/s',
			(t, k, len) => (t.read_bytes[k] + t.write_bytes[k]) / len / 1048576, { includeZero: true });
		for (const [k, name] of [['read', 'reads'], ['write', 'writes']])
			if (data.docs.some(doc => doc.results.total[k].ios > 0))
				overlay(g, 'p99 latency of ' + name + ' over time', 'each interval\'s own histogram', 'latency (µs, log scale)',
					(t, i) => t[k + '_lat_p99_ns'] && t[k + '_lat_p99_ns'][i] !== null ? t[k + '_lat_p99_ns'][i] / 1000 : null,
					{ logscale: true });
		s.append(el('h3', {}, 'What ran'));
		data.docs.forEach((doc, i) => {
			s.append(el('h3', {}, labelOf(i)));
			ranOf(s, doc);
		});
	}

	/* ---- a preset's or a sweep's runs ---- */

	function seriesSection() {
		const doc = data.docs[0], s = el('section', { class: 'run' });
		const pts = doc.points || [];

		main.append(s);
		s.append(el('h2', {}, doc.kind === 'preset' ? 'Preset ' + doc.name : 'Sweep (' + doc.mode + ')'));
		if (!doc.complete)
			s.append(el('div', { class: 'banner' }, 'Interrupted: not every point ran.'));
		if (doc.verdict)
			s.append(el('div', { class: 'verdict' }, el('b', {}, 'Verdict: '), doc.verdict));
		const seen = new Map();
		for (const p of pts)
			for (const w of (p.result && p.result.warnings) || []) {
				if (!seen.has(w.code))
					seen.set(w.code, { first: p.label, text: w.message, more: 0 });
				else
					seen.get(w.code).more++;
			}
		if (seen.size)
			s.append(el('ul', { class: 'warnings' }, [...seen.values()].map(w =>
				el('li', {}, w.first + (w.more ? ' (and ' + w.more + ' more)' : '') + ': ' + w.text))));
		s.append(el('dl', { class: 'ran' }, el('dt', {}, 'Command line'), el('dd', {}, el('code', {}, doc.command_line)),
			el('dt', {}, 'iobench'), el('dd', {}, doc.iobench_version)));
		if (pts[0] && pts[0].result) {
			s.append(el('h3', {}, 'What ran (the first point)'));
			ranOf(s, pts[0].result);
		}
		if (doc.grid) {
			s.append(el('h3', {}, 'The preset\'s grid'));
			s.append(table(['test', 'read MB/s (10^6)', 'read IOPS', 'read mean µs', 'read p99 µs', 'write MB/s (10^6)',
				'write IOPS', 'write mean µs', 'write p99 µs'], doc.grid.map((r, i) => {
				const cells = [td(r.test, 'l')];
				for (const k of ['read', 'write'])
					for (const f of ['mb_per_s', 'iops', 'lat_mean_us', 'lat_p99_us'])
						cells.push(td(r[k] ? num(0, 'grid.' + i + '.' + k + '.' + f) : '–'));
				return el('tr', {}, cells);
			})));
		}
		s.append(el('h3', {}, 'Points'));
		s.append(table(['point', 'block KiB', 'QD', 'threads', 'write %', 'IOPS', 'MiB/s (2^20)', 'MB/s (10^6)', 'mean µs',
			'p50 µs', 'p99 µs', 'max µs'], pts.map((p, i) => {
			const b = 'points.' + i;
			return el('tr', {}, td(p.label, 'l'), td(num(0, b + '.params.block_size', 1 / 1024)), td(num(0, b + '.params.queue_depth')),
				td(num(0, b + '.params.threads')), td(num(0, b + '.params.write_pct')), td(num(0, b + '.total.iops')),
				td(num(0, b + '.total.mib_per_s')), td(num(0, b + '.total.mb_per_s')), td(num(0, b + '.total.lat_mean_us')),
				td(num(0, b + '.total.lat_p50_us')), td(num(0, b + '.total.lat_p99_us')), td(num(0, b + '.total.lat_max_us')));
		})));
		if (doc.kind === 'sweep' && pts.length)
			sweepChart(s, doc, pts);
		runsChart(s, pts, doc.kind === 'preset');
	}

	/*
	 * Each point's IOPS (a preset's: MB/s, as its grid, so that large and small
	 * blocks share the axis) over its own window, one line a run (the first 16).
	 */
	function runsChart(parent, pts, bytes) {
		const runs = pts.filter(p => p.result && p.result.series && p.result.series.intervals).slice(0, 16);
		const rows = [];

		runs.forEach((p, i) => {
			const s = p.result.series, len = spans(s.time_s);

			for (const [x, v] of steps(s.time_s, k => [bytes ? (s.total.read_bytes[k] + s.total.write_bytes[k]) / len[k] / 1e6 :
				(s.total.read_ios[k] + s.total.write_ios[k]) / len[k]])) {
				const row = new Array(runs.length + 1).fill(null);
				row[0] = x;
				row[i + 1] = v;
				rows.push(row);
			}
		});
		rows.sort((a, b) => a[0] - b[0]);
		if (runs.length)
			chart(parent, (bytes ? 'MB/s' : 'IOPS') + ' over time, each run', 'each run\'s measured window from its own start' +
				(bytes ? '; MB/s = 10^6 bytes a second' : '') +
				(pts.length > runs.length ? ' (the first ' + runs.length + ' runs)' : ''),
			['s'].concat(runs.map(p => p.label)), rows, { xlabel: TIME_X, ylabel: bytes ? 'MB/s' : 'I/O per second',
				stepPlot: true, includeZero: true });
	}

	/* IOPS against p99 latency: a line per block size, thread count and mix; points labelled by QD; the knee. */
	function sweepChart(parent, doc, pts) {
		const key = p => 'bs ' + fmt(p.params.block_size / 1024) + 'K, ' + p.params.threads + ' thr, ' + p.params.write_pct + '% w';
		const groups = [...new Set(pts.map(key))];
		const slo = doc.slo && doc.slo.limit_us;
		const lines = groups.concat(slo ? ['SLO ' + doc.slo.text] : []);
		const rows = pts.filter(p => p.total.ios > 0).map(p => {
			const r = new Array(lines.length + 1).fill(null);
			r[0] = p.total.iops;
			r[1 + groups.indexOf(key(p))] = p.total.lat_p99_us;
			return r;
		}).sort((a, b) => a[0] - b[0]);
		if (slo && rows.length) {
			rows.forEach(r => { r[lines.length] = slo; });
		}
		const g = chart(parent, 'IOPS against p99 latency', 'each point a run, labelled by its queue depth' +
			(doc.knees && doc.knees.length ? '; the knee marked' : ''), ['IOPS'].concat(lines), rows,
		{ xlabel: 'IOPS (I/O per second)', ylabel: 'p99 latency (µs, log scale)', logscale: true, drawPoints: true,
			pointSize: 4, strokeWidth: 0, axes: { x: { labelsKMB: true } }, xRangePad: 12, yRangePad: 12,
			series: slo ? { [lines[lines.length - 1]]: { strokePattern: [6, 4], drawPoints: false, strokeWidth: 1.5 } } : {} });
		if (!g)
			return;
		g.ready(() => {
			const knee = new Map((doc.knees || []).map(k => [k.point, k]));
			const notes = pts.filter(p => p.total.ios > 0).map(p => {
				const i = pts.indexOf(p), k = knee.get(i);
				const name = p.params.curve_pct !== null && p.params.curve_pct !== undefined ?
					p.params.curve_pct + '%' : 'Q' + p.params.queue_depth;

				return { series: key(p), x: p.total.iops, shortText: k ? name + ' knee' : name,
					text: k ? k.sentence : p.label, width: k ? 64 : 34, cssClass: k ? 'knee' : null };
			});
			g.setAnnotations(notes);
		});
	}

	function render() {
		const first = data.docs[0] || {};

		main.append(el('h1', {}, document.title));
		main.append(el('div', { class: 'sub' }, 'iobench ' + (first.iobench_version || data.compare &&
			'' || '') + ' · charts by Dygraphs ' +
			Dygraph.VERSION + ' (embedded) · drag to zoom, double-click to reset'));
		if (data.kind === 'compare')
			compareSection();
		else if (data.kind === 'series')
			seriesSection();
		else
			data.docs.forEach((_, d) => runSection(d));
		main.append(el('footer', {}, 'MiB/s = 2^20 bytes a second, MB/s = 10^6; latencies in microseconds (µs) unless ' +
			'marked; percentiles by nearest rank from log-linear histograms (within 0.39% over the window, 1.6% per ' +
			'interval).'));
	}

	try {
		render();
	} catch (e) {
		main.append(el('pre', { class: 'errors' }, 'The report could not be drawn: ' + e + '\n' + (e.stack || '')));
		console.error(e);
	}
})();
