/**
 * The channel vscode-languageclient writes its JSON-RPC trace to.
 *
 * vscode-languageclient 11 traces only while its trace channel's log level is
 * Trace, and then reads `tagtree.trace.server` for messages or verbose. This
 * channel reports Trace exactly when `tagtree.trace.server` is not "off", and
 * writes the trace into the TagTree output channel, so the setting alone turns
 * tracing on and off, as its description says.
 */
import * as vscode from 'vscode';

const SETTING = 'tagtree.trace.server';

function levelOfSetting(): vscode.LogLevel {
  const value = vscode.workspace.getConfiguration().get<string>(SETTING, 'off');
  return value === 'messages' || value === 'verbose' ? vscode.LogLevel.Trace : vscode.LogLevel.Off;
}

export class TraceChannel implements vscode.LogOutputChannel {
  private readonly levelEmitter = new vscode.EventEmitter<vscode.LogLevel>();
  readonly onDidChangeLogLevel = this.levelEmitter.event;
  private level = levelOfSetting();
  private readonly listener: vscode.Disposable;

  constructor(private readonly output: vscode.LogOutputChannel) {
    this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SETTING)) return;
      const level = levelOfSetting();
      if (level === this.level) return;
      this.level = level;
      this.levelEmitter.fire(level);
    });
  }

  get name(): string {
    return this.output.name;
  }

  get logLevel(): vscode.LogLevel {
    return this.level;
  }

  trace(message: string, ...args: unknown[]): void {
    if (this.level === vscode.LogLevel.Trace) this.output.info(message, ...args);
  }

  debug(message: string, ...args: unknown[]): void {
    this.output.debug(message, ...args);
  }

  info(message: string, ...args: unknown[]): void {
    this.output.info(message, ...args);
  }

  warn(message: string, ...args: unknown[]): void {
    this.output.warn(message, ...args);
  }

  error(error: string | Error, ...args: unknown[]): void {
    this.output.error(error, ...args);
  }

  append(value: string): void {
    this.output.append(value);
  }

  appendLine(value: string): void {
    this.output.appendLine(value);
  }

  replace(value: string): void {
    this.output.replace(value);
  }

  clear(): void {
    this.output.clear();
  }

  show(preserveFocus?: boolean): void;
  show(column?: vscode.ViewColumn, preserveFocus?: boolean): void;
  show(columnOrPreserveFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    this.output.show(typeof columnOrPreserveFocus === 'boolean' ? columnOrPreserveFocus : preserveFocus);
  }

  hide(): void {
    this.output.hide();
  }

  /** Stops listening; the TagTree output channel belongs to the extension and stays. */
  dispose(): void {
    this.listener.dispose();
    this.levelEmitter.dispose();
  }
}
