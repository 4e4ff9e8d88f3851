/**
 * Starts a server bundle as an editor does, over stdio or over Node IPC (as
 * vscode-languageclient does with TransportKind.ipc), and answers what the
 * server asks of the client.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import {
  createProtocolConnection,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';

export interface ServerSession {
  child: ChildProcess;
  connection: ProtocolConnection;
  stderr: string[];
  exited: Promise<number | null>;
}

export function startServer(serverJs: string, transport: '--stdio' | '--node-ipc', cwd: string): ServerSession {
  let child: ChildProcess;
  let connection: ProtocolConnection;
  if (transport === '--stdio') {
    child = spawn(process.execPath, [serverJs, '--stdio'], { cwd, stdio: 'pipe' });
    connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  } else {
    // As vscode-languageclient starts a server with TransportKind.ipc.
    child = fork(serverJs, ['--node-ipc'], { cwd, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  }
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Settings: the defaults, as VS Code answers for an untouched configuration.
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({})));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();
  return { child, connection, stderr, exited };
}
