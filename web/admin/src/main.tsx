import { render } from 'preact';
import 'uplot/dist/uPlot.min.css';
import '../../dashboard/styles.css';
import '../styles.css';
import { readBoot } from '../../dashboard/src/boot';
import { App } from './app';

const el = document.getElementById('app')!;
const boot = readBoot(el);
render(<App boot={boot} />, el);
// Development: the server rebuilds on change and says so on this stream; the page reloads itself.
if (boot.reload) new EventSource(boot.reload).addEventListener('reload', () => location.reload());
