import { render } from 'preact';
import { App } from './app';
import { Client } from './client';
import './style.css';
import { registerServiceWorker } from './yourmove/sw';

const client = new Client();
document.documentElement.lang = client.lang;
render(<App client={client} />, document.getElementById('app')!);
registerServiceWorker();
