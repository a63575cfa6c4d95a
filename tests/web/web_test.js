// The browser test of satlab's web page (build-web/site/, built by tools/web.sh): Debian's
// Chromium, headless, with its software WebGL (SwiftShader), driven by puppeteer-core.
//
//   node tests/web/web_test.js [SITE_DIR] [--out DIR] [--measure]
//
// It serves the site on a free localhost port and checks, as a user would see it:
//  - the start screen and its lesson picker; every built-in lesson opened by its link
//    (#lesson=N), each screenshot holding several saturated hues and each shape's colour
//    where the app says the shape is; lesson 27's precision lens computed exactly (the
//    page's mini-gmp);
//  - lesson 8: the explorer's Next button clicked until the separating axis, the verdict
//    read back through satlab.state();
//  - File > Copy link, and the link opened in a new page: the same scene, pair and step,
//    and the same picture;
//  - a lesson in Russian and Chinese opened through the file picker: every glyph drawn, in
//    the panels and in presentation mode;
//  - a scene opened through the file picker; autosave to local storage offered back after
//    a reload; the canvas at a device pixel ratio of 2;
//  - the student view from #student and #lesson=3&student: the panels stay hidden, P leaves
//    the prediction on, clicks change nothing, the score survives a reload, F10 leaves it;
//  - the languages: #lang=ru and #lang=zh (the window's language in satlab.state(), the
//    page's own text from the catalogs, every glyph drawn, a screenshot of each), the
//    browser's languages, the language picked in View > Language (the settings) between
//    the two, #lang= changed on an open page, Copy link keeping the language;
//  - no console errors anywhere.
// --measure also prints the sizes, the time to the first frame and the frame rate.
// Exit code 0 when every check passes; the screenshots are left in --out.
'use strict';

const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const puppeteer = require('puppeteer-core');
const zlib = require('zlib');
const { decodePng } = require('./png.js');

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const measure = args.includes('--measure');
const positional = args.filter((a, i) => !a.startsWith('--') && (i === 0 || !['--out'].includes(args[i - 1])));
const site = path.resolve(positional[0] || path.join(__dirname, '..', '..', 'build-web', 'site'));
const out = path.resolve(option('--out') || path.join(os.tmpdir(), 'satlab-web-test'));
const repo = path.resolve(__dirname, '..', '..');
fs.mkdirSync(out, { recursive: true });

let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
  if (!ok) ++failures;
  return ok;
}

// ---- A static server for the site ----

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.png': 'image/png' };
function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const name = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
    const file = path.join(site, name);
    if (!file.startsWith(site + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    // With its length, as a web server sends a static file: the page's loading line counts
    // the program's bytes against it.
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream',
                         'Content-Length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---- Pixels ----

function hueOf(r, g, b) {
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  if (max - min < 1e-6) return { h: 0, s: 0, v: max };
  let h;
  if (max === r) h = ((g - b) / (max - min)) % 6;
  else if (max === g) h = (b - r) / (max - min) + 2;
  else h = (r - g) / (max - min) + 4;
  return { h: ((h * 60) + 360) % 360, s: (max - min) / max, v: max };
}
function hueDistance(a, b) {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}
// Pixels per 30-degree hue bucket among the saturated, not dark ones.
function hueBuckets(img) {
  const buckets = new Array(12).fill(0);
  for (let i = 0; i < img.width * img.height; ++i) {
    const c = hueOf(img.rgba[i * 4] / 255, img.rgba[i * 4 + 1] / 255, img.rgba[i * 4 + 2] / 255);
    if (c.s > 0.45 && c.v > 0.35) buckets[Math.floor(c.h / 30) % 12]++;
  }
  return buckets;
}
// Whether a pixel near (x, y) has the hue of `rgb` (a shape's colour, blended over the
// background as the app draws its fills and edges).
function colourNear(img, x, y, rgb, radius) {
  const want = hueOf(rgb[0], rgb[1], rgb[2]);
  if (want.s < 0.3) return null;  // a grey shape: its hue says nothing
  for (let dy = -radius; dy <= radius; ++dy) {
    for (let dx = -radius; dx <= radius; ++dx) {
      const px = Math.round(x + dx), py = Math.round(y + dy);
      if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
      const i = (py * img.width + px) * 4;
      const c = hueOf(img.rgba[i] / 255, img.rgba[i + 1] / 255, img.rgba[i + 2] / 255);
      if (c.s > 0.2 && c.v > 0.15 && hueDistance(c.h, want.h) < 25) return true;
    }
  }
  return false;
}
// Mean difference per channel (0 to 255) of the columns x0 to x1.
function meanDifference(a, b, x0, x1) {
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  let sum = 0, n = 0;
  for (let y = 0; y < a.height; ++y) {
    for (let x = x0; x < x1; ++x) {
      const i = (y * a.width + x) * 4;
      sum += Math.abs(a.rgba[i] - b.rgba[i]) + Math.abs(a.rgba[i + 1] - b.rgba[i + 1]) + Math.abs(a.rgba[i + 2] - b.rgba[i + 2]);
      n += 3;
    }
  }
  return sum / n;
}

// ---- The page ----

const consoleErrors = [];
// A page in `where` (the browser, or a context of its own: a fresh local storage).
async function openPage(where, url, viewport) {
  const page = await where.newPage();
  await page.setViewport(viewport || { width: 1280, height: 720, deviceScaleFactor: 1 });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(url + ': ' + m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(url + ': ' + e.message));
  await page.goto(url);
  await page.waitForFunction('window.satlab && satlab.frames() > 0', { timeout: 60000 });
  return page;
}
const state = (page) => page.evaluate('satlab.state()');
// Waits until satlab.state() satisfies `test` (a function of the state, as source) and a
// few more frames have been drawn after it.
async function waitState(page, test, what, timeout) {
  try {
    await page.waitForFunction('(' + test + ')(satlab.state())', { timeout: timeout || 20000, polling: 50 });
  } catch (err) {
    check(false, what + ' (state: ' + JSON.stringify(await state(page)).slice(0, 400) + ')');
    return false;
  }
  const f = await page.evaluate('satlab.frames()');
  await page.waitForFunction('satlab.frames() >= ' + (f + 3), { timeout: 20000 });
  return true;
}
// Waits until the app has drawn `n` more frames (a finger moves over many frames).
async function frames(page, n) {
  const f = await page.evaluate('satlab.frames()');
  await page.waitForFunction('satlab.frames() >= ' + (f + n), { timeout: 20000 });
}
async function shot(page, name) {
  const png = await page.screenshot({ type: 'png' });
  fs.writeFileSync(path.join(out, name + '.png'), png);
  return decodePng(Buffer.from(png));
}
async function clickItem(page, name) {
  const s = await state(page);
  const r = s.items[name];
  if (!r) return false;
  await page.mouse.click(r[0] + r[2] / 2, r[1] + r[3] / 2);
  return true;
}
// The picture checks of one screenshot: several hues, the shapes' colours where they are.
function checkPicture(img, s, what, mustJudge = 0) {
  const buckets = hueBuckets(img);
  const hues = buckets.filter((n) => n >= 150).length;
  check(hues >= 3, what + ': ' + hues + ' saturated hues in the picture (at least 3)');
  const shapes = s.shapesOnScreen.filter((o) => o.x >= 0 && o.y >= 0 && o.x < img.width && o.y < img.height);
  let judged = 0, found = 0;
  for (const o of shapes) {
    const near = colourNear(img, o.x, o.y, o.rgb, 24);
    if (near === null) continue;
    ++judged;
    if (near) ++found;
  }
  // (With mustJudge, that many shapes must be in the picture and coloured enough to judge.)
  check(judged >= mustJudge && (judged === 0 || found * 2 >= judged),
        what + ': ' + found + ' of ' + judged + ' coloured shapes show their colour where the app places them');
}

async function main() {
  for (const f of ['index.html', 'page.js', 'page_text.js', 'satlab.js', 'satlab.wasm']) {
    if (!fs.existsSync(path.join(site, f))) {
      console.error('web test: ' + path.join(site, f) + ' is missing: build the page first (bash tools/web.sh --build-only)');
      process.exit(2);
    }
  }
  const server = await serve();
  const base = 'http://127.0.0.1:' + server.address().port + '/';
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'satlab-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
           '--window-size=1280,720'],
  });
  const context = browser.defaultBrowserContext();
  await context.overridePermissions(base.slice(0, -1), ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);

  try {
    // 1. The start screen.
    let page = await openPage(browser, base);
    await waitState(page, 's => s.startScreen', 'the start screen opens');
    let s = await state(page);
    check(s.startScreen && s.lessons >= 17, 'start screen with the lesson picker (' + s.lessons + ' lessons)');
    check(!!s.items['start.lesson1'], 'the picker lists the first lesson');
    let img = await shot(page, 'start');
    const startHues = hueBuckets(img).filter((n) => n >= 150).length;  // the shapes are behind the picker
    check(startHues >= 3, 'start screen: ' + startHues + ' saturated hues in the picture (at least 3)');
    // Picking the first lesson from the list opens it.
    await clickItem(page, 'start.lesson1');
    check(await waitState(page, 's => s.lesson === 1 && !s.startScreen', 'lesson 1 opens from the picker'),
          'the picker opens lesson 1');

    // 2. Every lesson by its link.
    for (let n = 1; n <= s.lessons; ++n) {
      await page.evaluate('location.hash = "#lesson=' + n + '"');
      if (!await waitState(page, 's => s.lesson === ' + n, 'lesson ' + n + ' opens from #lesson=' + n)) continue;
      const ls = await state(page);
      img = await shot(page, 'lesson-' + String(n).padStart(2, '0'));
      checkPicture(img, ls, 'lesson ' + n + ' (' + ls.title + ')');
      // Far from the origin: the lens's exact rationals (mini-gmp in the page) on the focused boxes.
      if (/far from the origin/i.test(ls.title)) {
        check(/exact overlap.*spacings of 1\b/.test(ls.precision || ''),
              'lesson ' + n + ': the precision lens computes exactly in the page (' + ls.precision + ')');
      }
    }
    await page.close();

    // 3. Lesson 8 from a fresh link: Next until the separating axis.
    page = await openPage(browser, base + '#lesson=8');
    await waitState(page, 's => s.lesson === 8 && s.pair', 'lesson 8 opens with its pair focused');
    s = await state(page);
    check(!!s.pair && s.pair.stopStep > 1, 'lesson 8 focuses ' + (s.pair ? s.pair.a + '/' + s.pair.b : 'no pair') +
          ', whose test stops at step ' + (s.pair ? s.pair.stopStep : '?'));
    for (let clicks = 0; s.pair && s.pair.step < s.pair.stopStep && clicks < 20; ++clicks) {
      const before = s.pair.step;
      if (!await clickItem(page, 'explorer.next')) break;
      await waitState(page, 's => s.pair && s.pair.step !== ' + before, 'Next moves the step');
      s = await state(page);
    }
    check(s.pair && s.pair.step === s.pair.stopStep, 'Next reaches step ' + (s.pair ? s.pair.step : '?') + ' of ' +
          (s.pair ? s.pair.steps : '?'));
    check(s.pair && s.pair.separatingAxis && s.pair.currentAxis === s.pair.separatingAxis,
          'the current axis is the separating axis (' + (s.pair ? s.pair.currentAxis : '?') + ')');
    check(s.pair && s.pair.verdict === 'separated', 'the verdict reads back: ' + (s.pair ? s.pair.verdict : '?'));
    const original = await shot(page, 'lesson-08-separating-axis');
    const step = s.pair.step, pairA = s.pair.a, pairB = s.pair.b, title = s.title;

    // 4. Copy link, and the link opened elsewhere.
    await clickItem(page, 'menu.file');
    await waitState(page, 's => !!s.items["menu.copyLink"]', 'the File menu offers Copy link');
    await clickItem(page, 'menu.copyLink');
    await page.waitForFunction('satlab.lastLink() !== null', { timeout: 20000 }).catch(() => {});
    const link = await page.evaluate('satlab.lastLink()');
    check(typeof link === 'string' && link.includes('#scene='), 'Copy link makes a link (' +
          (link ? link.length + ' characters' : 'none') + ')');
    const copied = await page.evaluate('navigator.clipboard.readText()').catch(() => '');
    check(copied === link, 'the link is on the clipboard');
    await page.close();
    if (link) {
      const other = await openPage(browser, link);
      await waitState(other, 's => s.pair && s.title === ' + JSON.stringify(title), 'the link opens the scene');
      const os2 = await state(other);
      check(os2.pair && os2.pair.a === pairA && os2.pair.b === pairB && os2.pair.step === step,
            'the link opens the same pair at the same step (' + (os2.pair ? os2.pair.a + '/' + os2.pair.b + ' step ' +
            os2.pair.step : 'none') + ')');
      const shared = await shot(other, 'shared-link');
      // The view between the panels (the lesson panel's own text differs: a shared scene is
      // not the built-in lesson 8 of 17).
      const diff = meanDifference(original, shared, 330, 870);
      check(diff < 3, 'the shared link shows the same view (mean difference ' + diff.toFixed(2) + ' of 255)');
      // A damaged link says so.
      await other.evaluate('location.hash = "#scene=' + link.split('#scene=')[1].slice(0, 40) + '"');
      await waitState(other, 's => s.message && s.message.includes("link")', 'a damaged link gives a message');
      await other.close();
    }

    // 5. A scene through the file picker, then autosave offered back after a reload (in a
    // context of its own, so that the other pages see no recovery file).
    const own = await browser.createBrowserContext();
    page = await openPage(own, base + '#lesson=1');
    await waitState(page, 's => s.lesson === 1', 'lesson 1 opens');
    const input = await page.$('#file-input');
    await input.uploadFile(path.join(repo, 'scenes', 'examples', 'mixed.json'));
    const mixedTitle = JSON.parse(fs.readFileSync(path.join(repo, 'scenes', 'examples', 'mixed.json'), 'utf8')).title;
    check(await waitState(page, 's => s.title === ' + JSON.stringify(mixedTitle), 'the picked scene opens'),
          'a scene opens through the file picker (' + mixedTitle + ')');
    // A mesh file through the same picker is imported into the scene.
    s = await state(page);
    const shapesBefore = s.shapes;
    await input.uploadFile(path.join(repo, 'scenes', 'meshes', 'rod.stl'));
    check(await waitState(page, 's => s.shapes === ' + (shapesBefore + 1), 'the picked mesh is imported'),
          'a mesh file through the picker is imported (' + shapesBefore + ' -> ' + (shapesBefore + 1) + ' shapes)');
    // An edit (Delete removes the selected shape: select one by clicking it first).
    s = await state(page);
    const target = s.shapesOnScreen[0];
    await page.mouse.click(target.x, target.y);
    await page.keyboard.press('Delete');
    check(await waitState(page, 's => s.unsaved', 'an edit leaves unsaved work'), 'an edit leaves unsaved work');
    await page.waitForFunction('Object.keys(localStorage).some(k => k.endsWith("recovery.json"))', { timeout: 20000 })
      .then(() => check(true, 'autosave keeps the work in local storage'))
      .catch(() => check(false, 'autosave keeps the work in local storage'));
    // Undo and redo from the keyboard.
    s = await state(page);
    const afterDelete = s.shapes;
    const chord = async (key) => {
      await page.keyboard.down('Control');
      await page.keyboard.press(key);
      await page.keyboard.up('Control');
    };
    await chord('z');
    check(await waitState(page, 's => s.shapes === ' + (afterDelete + 1), 'Ctrl+Z undoes the delete'),
          'Ctrl+Z undoes the delete (' + afterDelete + ' -> ' + (afterDelete + 1) + ' shapes)');
    await chord('y');
    check(await waitState(page, 's => s.shapes === ' + afterDelete + ' && s.unsaved', 'Ctrl+Y redoes it'),
          'Ctrl+Y redoes it');
    await frames(page, 3);
    await new Promise((resolve) => setTimeout(resolve, 6000));  // the autosave of the redone state
    await page.reload();
    await page.waitForFunction('window.satlab && satlab.frames() > 0', { timeout: 60000 });
    check(await waitState(page, 's => s.dialog && s.dialog.includes("Restore")', 'the reload offers the work back'),
          'after a reload the page offers the unsaved work back');
    await page.close();
    await own.close();

    // 5b. Text in any language: a lesson in Russian and Chinese through the file picker draws
    // every glyph (the page's subset of WenQuanYi Micro Hei), in the panels and on the
    // projector (F5).
    const cjk = await browser.createBrowserContext();
    page = await openPage(cjk, base + '#lesson=1');
    await waitState(page, 's => s.lesson === 1', 'lesson 1 opens');
    const cjkFile = path.join(repo, 'tests', 'app', 'data', 'lesson_ru_zh.json');
    const cjkTitle = JSON.parse(fs.readFileSync(cjkFile, 'utf8')).title;
    await (await page.$('#file-input')).uploadFile(cjkFile);
    check(await waitState(page, 's => s.title === ' + JSON.stringify(cjkTitle), 'the Russian and Chinese lesson opens'),
          'a lesson in Russian and Chinese opens through the file picker');
    await frames(page, 3);
    s = await state(page);
    check(s.missingGlyphs === 'none', 'every glyph of the Russian and Chinese lesson is drawn (missing glyphs: ' +
          s.missingGlyphs + ')');
    check(s.fontAtlas && s.fontAtlas.cjkGlyphs >= 80 && s.fontAtlas.cjkFont === '/fonts/wqy-microhei-subset.ttf',
          'the atlas holds the lesson\'s CJK glyphs from the embedded subset (' + JSON.stringify(s.fontAtlas) + ')');
    img = await shot(page, 'lesson-ru-zh');
    // The lesson panel's title row (as on the desktop at 1280x720) holds the glyphs' ink.
    let ink = 0;
    for (let y = 52; y < 74; ++y) {
      for (let x = 10; x < 320; ++x) {
        const i = (y * img.width + x) * 4;
        if (img.rgba[i] > 150 && img.rgba[i + 1] > 150 && img.rgba[i + 2] > 150) ++ink;
      }
    }
    check(ink > 400, 'the title\'s glyphs are drawn (' + ink + ' light pixels in its row)');
    await page.keyboard.press('F5');
    check(await waitState(page, 's => s.presentation', 'presentation mode'), 'F5: presentation mode');
    await frames(page, 3);
    s = await state(page);
    check(s.missingGlyphs === 'none', 'and on the projector (missing glyphs: ' + s.missingGlyphs + ')');
    await shot(page, 'lesson-ru-zh-presentation');
    await page.close();
    await cjk.close();

    // 6. Touch: a finger's drag on empty space orbits, a tap on a shape selects it, a pinch
    // zooms (a touch screen of its own).
    const touch = await browser.createBrowserContext();
    page = await openPage(touch, base + '#lesson=6', { width: 1280, height: 720, deviceScaleFactor: 1, hasTouch: true });
    await waitState(page, 's => s.lesson === 6', 'lesson 6 opens on a touch screen');
    // A tap on empty space clears the selection, a tap on a shape selects it.
    await page.touchscreen.tap(640, 680);
    await waitState(page, 's => s.selection === "(none)"', 'a tap on empty space clears the selection');
    s = await state(page);
    const tapped = s.shapesOnScreen.find((o) => o.x > 400 && o.x < 860 && o.y > 150 && o.y < 600);
    if (check(!!tapped, 'a shape lies in the middle of the view')) {
      await page.touchscreen.tap(tapped.x, tapped.y);
      check(await waitState(page, 's => s.selection === ' + JSON.stringify(tapped.name), 'a tap selects'),
            'a tap on ' + tapped.name + ' selects it');
    }
    // One finger on empty space orbits.
    s = await state(page);
    const yaw0 = s.camera.yawDeg;
    await page.touchscreen.touchStart(640, 660);
    await frames(page, 2);
    for (let i = 1; i <= 10; ++i) {
      await page.touchscreen.touchMove(640 + i * 12, 660);
      await frames(page, 1);
    }
    await page.touchscreen.touchEnd();
    check(await waitState(page, 's => Math.abs(s.camera.yawDeg - ' + yaw0 + ') > 5', 'a drag orbits'),
          'one finger dragged on empty space orbits the camera');
    // Two fingers spread apart zoom in.
    s = await state(page);
    const dist0 = s.camera.distance;
    const cdp = await page.createCDPSession();
    const pinch = async (type, d) => cdp.send('Input.dispatchTouchEvent', {
      type, touchPoints: type === 'touchEnd' ? [] : [{ x: 640 - d, y: 600, id: 1 }, { x: 640 + d, y: 600, id: 2 }] });
    await pinch('touchStart', 40);
    await frames(page, 2);
    for (let d = 50; d <= 200; d += 15) {
      await pinch('touchMove', d);
      await frames(page, 1);
    }
    await pinch('touchEnd', 0);
    check(await waitState(page, 's => s.camera.distance < ' + dist0 + ' * 0.8', 'a pinch zooms'),
          'two fingers spread apart zoom in');
    s = await state(page);
    check(!tapped || s.selection === tapped.name, 'the orbit and the pinch keep the selection (' + s.selection + ')');
    // One notch of the mouse wheel zooms in one step (not a hundred, not the wrong way).
    s = await state(page);
    const wheel0 = s.camera.distance;
    await page.mouse.move(640, 400);
    await frames(page, 2);
    await page.mouse.wheel({ deltaY: -100 });
    await waitState(page, 's => s.camera.distance !== ' + wheel0, 'the wheel zooms');
    s = await state(page);
    check(s.camera.distance < wheel0 && s.camera.distance > wheel0 * 0.6,
          'one wheel notch up zooms in one step (distance ' + wheel0.toFixed(2) + ' -> ' + s.camera.distance.toFixed(2) + ')');
    // Presentation mode (F5, not the browser's reload), the shapes framed again (Home: the
    // orbit and the zooms above took them partly out of the view).
    await page.keyboard.press('Home');
    await page.keyboard.press('F5');
    check(await waitState(page, 's => s.presentation', 'F5 turns presentation mode on'), 'F5 turns presentation mode on');
    await frames(page, 30);  // the camera's move to the framing
    s = await state(page);
    img = await shot(page, 'lesson-06-presentation');
    checkPicture(img, s, 'lesson 6 in presentation mode', 2);
    await page.keyboard.press('F5');
    await waitState(page, 's => !s.presentation', 'F5 turns presentation mode off');
    // A scene too large for a link says so.
    const big = await page.$('#file-input');
    await big.uploadFile(path.join(repo, 'scenes', 'stress', 'stress_10000.json'));
    await waitState(page, 's => s.shapes === 10000', 'a 10,000-shape scene opens', 60000);
    // The page has no threads: the open ran within a frame, after one that drew its
    // indicator (docs/progress.md).
    s = await state(page);
    check(s.lastWork.startsWith('work: Opening stress_10000.json'),
          'a picked scene shows the indicator before the page opens it (' + s.lastWork + ')');
    await clickItem(page, 'menu.file');
    await waitState(page, 's => !!s.items["menu.copyLink"]', 'the File menu offers Copy link');
    await clickItem(page, 'menu.copyLink');
    check(await waitState(page, 's => s.message.includes("too large for a link")', 'a large scene says so', 60000),
          'Copy link on a 10,000-shape scene says it is too large for a link');
    await page.close();
    await touch.close();

    // 7. The canvas follows the device pixel ratio.
    page = await openPage(browser, base + '#lesson=2', { width: 800, height: 500, deviceScaleFactor: 2 });
    await waitState(page, 's => s.lesson === 2', 'lesson 2 opens at a pixel ratio of 2');
    const size = await page.evaluate('[document.getElementById("canvas").width, document.getElementById("canvas").height]');
    check(size[0] === 1600 && size[1] === 1000, 'at a pixel ratio of 2 the canvas draws 1600x1000 pixels (' +
          size.join('x') + ')');
    await shot(page, 'lesson-02-dpr2');
    await page.close();

    // 8. File > Export figure... (Ctrl+F12): the view alone, as SVG, is a download.
    page = await openPage(browser, base + '#lesson=10');
    await waitState(page, 's => s.lesson === 10', 'lesson 10 opens');
    const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'satlab-downloads-'));
    const session = await page.target().createCDPSession();
    await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.keyboard.down('Control');
    await page.keyboard.press('F12');
    await page.keyboard.up('Control');
    await waitState(page, 's => s.dialog === "Export figure" && !!s.items["figure.svg"]', 'Ctrl+F12 opens Export figure');
    await clickItem(page, 'figure.svg');
    await frames(page, 3);
    await clickItem(page, 'figure.export');
    let svgFile = null;
    for (let i = 0; i < 100 && !svgFile; ++i) {
      await new Promise((r) => setTimeout(r, 200));
      svgFile = fs.readdirSync(downloads).find((f) => f.endsWith('.svg'));
    }
    const svgText = svgFile ? fs.readFileSync(path.join(downloads, svgFile), 'utf8') : '';
    check(svgText.startsWith('<?xml') && svgText.includes('<svg ') && svgText.includes('<g id="picture">') &&
          svgText.trimEnd().endsWith('</svg>'),
          'Export figure downloads the view as SVG (' + (svgFile || 'nothing') + ', ' + svgText.length + ' bytes)');
    fs.rmSync(downloads, { recursive: true, force: true });
    await page.close();

    // 9. The student view from a class link, in a context of its own (its own storage):
    // the lesson in presentation, the panels away for good, predict-then-reveal that stays,
    // clicks that turn the camera only, the score kept across lessons and a reload, F10 out.
    const classroom = await browser.createBrowserContext();
    page = await openPage(classroom, base + '#student');
    check(await waitState(page, 's => s.student && s.lesson === 1 && s.pair',
                          '#student opens the first lesson in the student view'),
          '#student opens lesson 1 in the student view');
    await page.evaluate('location.hash = "#lesson=3&student"');
    check(await waitState(page, 's => s.student && s.lesson === 3 && s.presentation && s.panelsHidden && s.pair && ' +
                                    's.pair.verdict === "hidden"', '#lesson=3&student opens lesson 3 in the student view'),
          '#lesson=3&student: lesson 3, presentation mode, the panels hidden, the verdict hidden until predicted');
    s = await state(page);
    img = await shot(page, 'lesson-03-student');
    checkPicture(img, s, 'lesson 3 in the student view', 2);
    const selection = s.selection, shapeCount = s.shapes;
    await page.keyboard.press('Tab');
    await page.keyboard.press('F5');
    await page.keyboard.press('p');
    await frames(page, 5);
    s = await state(page);
    check(s.student && s.presentation && s.panelsHidden, 'Tab and F5 leave the student view as it is');
    check(s.pair && s.pair.verdict === 'hidden', 'P does not turn predict-then-reveal off (verdict ' +
          (s.pair ? s.pair.verdict : '?') + ')');
    // A click on each shape, and a drag from one: the camera turns, nothing is picked or moved.
    const yawBefore = s.camera.yawDeg;
    for (const o of s.shapesOnScreen) await page.mouse.click(o.x, o.y);
    const from = s.shapesOnScreen[0];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; ++i) {
      await page.mouse.move(from.x + i * 15, from.y + i * 5);
      await frames(page, 1);
    }
    await page.mouse.up();
    await frames(page, 3);
    s = await state(page);
    check(s.selection === selection && s.shapes === shapeCount && !s.unsaved,
          'clicks and a drag on the shapes select, move and change nothing (' + s.selection + ', ' +
          (s.unsaved ? 'unsaved' : 'no edit') + ')');
    check(Math.abs(s.camera.yawDeg - yawBefore) > 5, 'the drag turned the camera');
    // Lesson 1: separated (S), by A1 (] then Enter), right; then lesson 2 (Page Down).
    await page.evaluate('location.hash = "#lesson=1&student"');
    await waitState(page, 's => s.lesson === 1 && s.pair && s.pair.verdict === "hidden"', 'lesson 1 opens');
    await page.keyboard.press('s');
    await frames(page, 2);
    await page.keyboard.press(']');
    await frames(page, 2);
    await page.keyboard.press('Enter');
    check(await waitState(page, 's => s.score.right === 1 && s.score.asked === 1', 'the answer is scored'),
          'a right answer scores 1 of 1');
    await page.keyboard.press('PageDown');
    check(await waitState(page, 's => s.lesson === 2 && s.student && s.score.asked === 1', 'Page Down keeps the score'),
          'Page Down opens lesson 2 in the student view with the score kept');
    await new Promise((resolve) => setTimeout(resolve, 1500));  // the settings reach local storage
    await page.reload();
    await page.waitForFunction('window.satlab && satlab.frames() > 0', { timeout: 60000 });
    check(await waitState(page, 's => s.student && s.score.right === 1 && s.score.asked === 1',
                          'the score is kept after a reload'),
          'after a reload of the class link the score is still 1 of 1');
    await page.keyboard.press('F10');
    check(await waitState(page, 's => !s.student && !s.panelsHidden', 'F10 leaves the student view'),
          'F10 gives the teacher view back (the panels shown)');
    await page.close();
    await classroom.close();

    // 10. Languages. The link's #lang= first, then the language picked in View > Language
    // (the settings, kept in local storage), then the browser's (navigator.languages). The
    // page's own text comes from the catalogs (page_text.js, built from po/*.po): what it
    // should read is computed here from the same file, so that the checks hold before and
    // after the catalogs are translated.
    const pageTextFile = fs.readFileSync(path.join(site, 'page_text.js'), 'utf8');
    const pageText = JSON.parse(pageTextFile.slice(pageTextFile.indexOf('{'), pageTextFile.lastIndexOf('}') + 1));
    const pageSays = (code, msgid, ...args) => {
      let i = 0;
      const t = (pageText[code] || {})[msgid];
      return (typeof t === 'string' && t ? t : msgid).replace(/%([sd%])/g, (m, c) => (c === '%' ? '%' : String(args[i++])));
    };
    const languageNames = { ru: 'Russian', zh: 'Chinese', en: 'English' };
    const settingsKey = 'satlab:file:/home/web_user/.config/satlab/settings.json';
    // A page whose browser prefers `languages` and whose storage holds `settings` (the
    // settings file's text) before the page runs.
    async function openWith(where, url, languages, settings) {
      const page = await where.newPage();
      await page.setViewport({ width: 1280, height: 720, deviceScaleFactor: 1 });
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(url + ': ' + m.text());
      });
      page.on('pageerror', (e) => consoleErrors.push(url + ': ' + e.message));
      await page.evaluateOnNewDocument((langs, key, text) => {
        if (langs) Object.defineProperty(Navigator.prototype, 'languages', { get: () => langs });
        if (text !== null) localStorage.setItem(key, text);
      }, languages, settingsKey, settings);
      await page.goto(url);
      await page.waitForFunction('window.satlab && satlab.frames() > 0', { timeout: 60000 });
      return page;
    }
    const speaks = async (page, code, what) =>
      check(await waitState(page, 's => s.language === ' + JSON.stringify(code), what), what + ' (' +
            (await state(page)).language + ')');
    for (const code of ['ru', 'zh']) {
      const ctx = await browser.createBrowserContext();
      await ctx.overridePermissions(base.slice(0, -1), ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
      page = await openWith(ctx, base + '#lang=' + code + '&lesson=1', null, null);
      await speaks(page, code, '#lang=' + code + '&lesson=1: the window speaks ' + languageNames[code]);
      await waitState(page, 's => s.lesson === 1', 'lesson 1 opens with #lang=' + code);
      const html = await page.evaluate('[document.documentElement.lang, satlab.language(), ' +
                                       'document.getElementById("link-close").textContent, ' +
                                       'document.getElementById("link-text").textContent]');
      check(html[0] === (code === 'zh' ? 'zh-CN' : code) && html[1] === code,
            'the page says it is in ' + languageNames[code] + ' (html lang ' + html[0] + ', satlab.language() ' + html[1] + ')');
      check(html[2] === pageSays(code, 'Close') &&
            html[3] === pageSays(code, 'The browser did not allow copying to the clipboard. Copy the link from here:'),
            'the page\'s own text is the catalog\'s (' + html[2] + ' / ' + html[3] + ')' +
            ((pageText[code] || {}).Close ? '' : ' [po/' + (code === 'zh' ? 'zh_CN' : code) + '.po has no translation of it yet]'));
      // A message of the page: a lesson the link does not have.
      await page.evaluate('location.hash = "#lang=' + code + '&lesson=999"');
      s = await state(page);
      const wrongLesson = pageSays(code, 'The link names lesson "%s"; the lessons are numbered 1 to %d.', '999', s.lessons);
      check(await waitState(page, 's => s.message === ' + JSON.stringify(wrongLesson), 'the page\'s message'),
            'the page\'s messages are in ' + languageNames[code] + ' too (' + wrongLesson + ')');
      await shot(page, 'lang-' + code + '-message');
      await page.keyboard.press('Enter');
      await waitState(page, 's => !s.dialog', 'Enter closes the message');
      await page.evaluate('location.hash = "#lang=' + code + '&lesson=1"');
      await waitState(page, 's => s.lesson === 1', 'lesson 1 opens again');
      s = await state(page);
      check(s.missingGlyphs === 'none', languageNames[code] + ': every glyph is drawn (missing glyphs: ' + s.missingGlyphs + ')');
      await shot(page, 'lang-' + code);
      // Copy link keeps the language: the link opens in it whatever the reader's browser says.
      await clickItem(page, 'menu.file');
      await waitState(page, 's => !!s.items["menu.copyLink"]', 'the File menu offers Copy link');
      await clickItem(page, 'menu.copyLink');
      await page.waitForFunction('satlab.lastLink() !== null', { timeout: 20000 }).catch(() => {});
      const langLink = await page.evaluate('satlab.lastLink()');
      check(typeof langLink === 'string' && langLink.includes('#lang=' + code + '&scene='),
            'Copy link names the language (' + (langLink ? langLink.slice(langLink.indexOf('#'), langLink.indexOf('#') + 24) + '...' : 'none') + ')');
      check(await waitState(page, 's => s.toast && s.toast.length > 0', 'the toast'),
            'the toast says so: ' + (await state(page)).toast);
      s = await state(page);
      check(s.missingGlyphs === 'none', 'every glyph of the toast is drawn (missing glyphs: ' + s.missingGlyphs + ')');
      await shot(page, 'lang-' + code + '-copied');
      await page.close();
      if (code === 'ru' && langLink) {
        page = await openWith(ctx, langLink, ['en-US', 'en'], null);
        await speaks(page, code, 'the copied link opens in ' + languageNames[code] + ' in an English browser');
        await page.close();
      }
      await ctx.close();
    }
    // The page's own text before the app has loaded: the loading line while satlab.js is
    // on its way (held back here), and the error when it never comes (no console check on
    // that page: the missing file is an error there).
    {
      const ctx = await browser.createBrowserContext();
      page = await ctx.newPage();
      await page.setViewport({ width: 1280, height: 720, deviceScaleFactor: 1 });
      page.on('pageerror', (e) => consoleErrors.push('loading page: ' + e.message));
      await page.setRequestInterception(true);
      let release;
      const held = new Promise((resolve) => { release = resolve; });
      page.on('request', async (req) => {
        if (req.url().endsWith('/satlab.js')) await held;
        req.continue();
      });
      await page.goto(base + '#lang=ru', { waitUntil: 'domcontentloaded' });
      const loading = await page.evaluate('document.getElementById("status").textContent');
      check(loading === pageSays('ru', 'Loading satlab…'), 'while satlab.js loads, the page says so in Russian (' + loading + ')');
      await shot(page, 'lang-ru-loading');
      release();
      await page.waitForFunction('window.satlab && satlab.frames() > 0', { timeout: 60000 });
      await page.close();
      page = await ctx.newPage();
      await page.setRequestInterception(true);
      page.on('request', (req) => (req.url().endsWith('/satlab.js') ? req.respond({ status: 404, body: 'not found' })
                                                                     : req.continue()));
      await page.goto(base + '#lang=zh', { waitUntil: 'domcontentloaded' });
      await page.waitForFunction('document.getElementById("status").className === "error"', { timeout: 20000 })
        .catch(() => {});
      const failedText = await page.evaluate('document.getElementById("status").textContent');
      check(failedText === pageSays('zh', 'satlab could not start: its program (satlab.js) did not load.'),
            'without satlab.js, the page says so in Chinese (' + failedText + ')');
      await shot(page, 'lang-zh-no-program');
      await page.close();
      // On a slow line (2 MB/s), the loading line counts the program's bytes as they
      // arrive, with a bar, in the page's language; both go once satlab runs.
      page = await ctx.newPage();
      await page.setViewport({ width: 1280, height: 720, deviceScaleFactor: 1 });
      page.on('pageerror', (e) => consoleErrors.push('slow loading page: ' + e.message));
      const cdp = await page.target().createCDPSession();
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions',
                     { offline: false, latency: 20, downloadThroughput: 2e6, uploadThroughput: 2e6 });
      await page.goto(base + '#lang=ru', { waitUntil: 'domcontentloaded' });
      const counting = new RegExp('^' + pageSays('ru', 'Loading satlab… %s of %s MB', '\u0001', '\u0001')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\u0001/g, '[0-9]+\\.[0-9]'));
      const seen = await page.waitForFunction(
        (re) => new RegExp(re).test(document.getElementById('status').textContent) &&
                !document.getElementById('loadbar').hidden &&
                parseFloat(document.getElementById('loadbar').firstElementChild.style.width) > 0,
        { timeout: 30000, polling: 50 }, counting.source).then(() => true, () => false);
      const progressText = await page.evaluate('document.getElementById("status")?.textContent || ""');
      check(seen, 'on a slow line the loading line counts the program\'s megabytes in Russian, with a bar (' +
            progressText + ')');
      await shot(page, 'lang-ru-loading-progress');
      await page.waitForFunction('window.satlab && satlab.frames() > 0', { timeout: 60000 });
      check(await page.evaluate('!document.getElementById("loadbar")'), 'the bar goes once satlab runs');
      await page.close();
      await ctx.close();
    }
    // Without JavaScript: the <noscript> line in all three languages.
    {
      const noscript = 'satlab needs JavaScript: turn it on for this page.';
      const indexHtml = fs.readFileSync(path.join(site, 'index.html'), 'utf8');
      const escape = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      check(['en', 'ru', 'zh'].every((code) => indexHtml.includes('<p lang="' + code + '">' + escape(pageSays(code, noscript)) + '</p>')),
            'index.html\'s <noscript> line is there in English, Russian and Chinese');
      const ctx = await browser.createBrowserContext();
      page = await ctx.newPage();
      await page.setViewport({ width: 1280, height: 720, deviceScaleFactor: 1 });
      await page.setJavaScriptEnabled(false);
      await page.goto(base, { waitUntil: 'load' });
      await shot(page, 'noscript');
      await page.close();
      await ctx.close();
    }
    // The browser's languages: the first one satlab speaks (German is not one of them).
    let prefs = await browser.createBrowserContext();
    page = await openWith(prefs, base, ['de-DE', 'zh-CN', 'ru', 'en'], null);
    await speaks(page, 'zh', 'a browser that prefers de-DE, zh-CN, ru: Chinese');
    await page.close();
    await prefs.close();
    // View > Language's choice (the settings) wins over the browser's; the link's over both,
    // and a link's language is for the visit: the settings keep the choice.
    prefs = await browser.createBrowserContext();
    const picked = JSON.stringify({ language: 'ru' });
    page = await openWith(prefs, base, ['zh-CN'], picked);
    await speaks(page, 'ru', 'Russian picked in View > Language, a Chinese browser: Russian');
    await page.close();
    page = await openWith(prefs, base + '#lang=en', ['zh-CN'], picked);
    await speaks(page, 'en', 'the same with #lang=en: English');
    // #lang= changed on the open page: the window follows at once.
    await page.evaluate('location.hash = "#lang=zh"');
    await speaks(page, 'zh', '#lang=zh on the open page: Chinese');
    check(await page.evaluate('document.documentElement.lang') === 'zh-CN', 'and the page with it');
    const kept = await page.evaluate((key) => localStorage.getItem(key), settingsKey);
    check(kept !== null && JSON.parse(kept).language === 'ru', 'the settings still hold the picked language (' + kept + ')');
    await page.close();
    await prefs.close();

    if (measure) {
      const wasm = fs.readFileSync(path.join(site, 'satlab.wasm'));
      const js = fs.readFileSync(path.join(site, 'satlab.js'));
      const gz = zlib.gzipSync(wasm, { level: 9 }).length + zlib.gzipSync(js, { level: 9 }).length;
      console.log('measure: satlab.wasm ' + wasm.length + ' bytes, satlab.js ' + js.length + ' bytes, ' +
                  (gz / 1048576).toFixed(2) + ' MB gzipped together');
      const loads = [];
      for (let i = 0; i < 5; ++i) {
        const p = await openPage(browser, base + '#lesson=6');
        loads.push(await p.evaluate('satlab.firstFrameMs()'));
        await p.close();
      }
      loads.sort((a, b) => a - b);
      console.log('measure: first frame ' + loads.map((t) => t.toFixed(0)).join(', ') + ' ms after navigation (median ' +
                  loads[2].toFixed(0) + ')');
      const p = await openPage(browser, base + '#lesson=6');
      await waitState(p, 's => s.lesson === 6', 'lesson 6 opens');
      await new Promise((r) => setTimeout(r, 2000));
      const f0 = await p.evaluate('satlab.frames()');
      const t0 = Date.now();
      await new Promise((r) => setTimeout(r, 5000));
      const fps = (await p.evaluate('satlab.frames()') - f0) / ((Date.now() - t0) / 1000);
      console.log('measure: ' + fps.toFixed(1) + ' frames per second on lesson 6 at 1280x720 (SwiftShader)');
      await p.close();
    }
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  check(consoleErrors.length === 0, 'no console errors' + (consoleErrors.length ? ':\n  ' + consoleErrors.join('\n  ') : ''));
  console.log(failures === 0 ? 'web test: all checks passed (screenshots in ' + out + ')'
                             : 'web test: ' + failures + ' checks FAILED (screenshots in ' + out + ')');
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error('web test: ' + (err && err.stack ? err.stack : err));
  process.exit(1);
});
