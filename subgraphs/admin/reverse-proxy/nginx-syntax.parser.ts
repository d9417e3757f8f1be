/**
 * Just enough of nginx's configuration grammar to check a template and read a tenant file back:
 * words (bare or quoted), `;`, blocks, `#` comments. Not a validator of directives: `nginx -t`
 * is that, when it is installed.
 */
export interface NginxStatement {
  name: string;
  args: string[];
  block?: NginxStatement[];
  line: number;
}

export class NginxSyntaxError extends Error {}

type Token = { kind: 'word' | '{' | '}' | ';'; value: string; line: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') line++;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '{' || c === '}' || c === ';') {
      tokens.push({ kind: c, value: c, line });
      i++;
    } else if (c === '"' || c === "'") {
      const start = line;
      let value = '';
      i++;
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        if (text[i] === '\n') line++;
        value += text[i++];
      }
      if (i >= text.length) throw new NginxSyntaxError(`unterminated quoted string from line ${start}`);
      i++;
      tokens.push({ kind: 'word', value, line: start });
    } else {
      let value = '';
      while (i < text.length && !/[\s;{}]/.test(text[i])) {
        // ${name} is variable syntax inside a word, not a block.
        if (text[i] === '$' && text[i + 1] === '{') {
          const close = text.indexOf('}', i);
          if (close < 0) throw new NginxSyntaxError(`unterminated \${…} on line ${line}`);
          value += text.slice(i, close + 1);
          i = close + 1;
        } else value += text[i++];
      }
      tokens.push({ kind: 'word', value, line });
    }
  }
  return tokens;
}

/** Statements and blocks; throws NginxSyntaxError for unbalanced braces or a missing `;`. */
export function parseNginx(text: string): NginxStatement[] {
  const tokens = tokenize(text);
  let pos = 0;
  const statements = (depth: number): NginxStatement[] => {
    const out: NginxStatement[] = [];
    while (pos < tokens.length) {
      const first = tokens[pos];
      if (first.kind === '}') {
        if (depth === 0) throw new NginxSyntaxError(`unexpected "}" on line ${first.line}`);
        pos++;
        return out;
      }
      if (first.kind !== 'word') throw new NginxSyntaxError(`unexpected "${first.value}" on line ${first.line}`);
      const args: string[] = [];
      pos++;
      while (pos < tokens.length && tokens[pos].kind === 'word') args.push(tokens[pos++].value);
      const end = tokens[pos];
      if (!end) throw new NginxSyntaxError(`"${first.value}" on line ${first.line} is not terminated by ";" or a block`);
      pos++;
      if (end.kind === ';') out.push({ name: first.value, args, line: first.line });
      else if (end.kind === '{') out.push({ name: first.value, args, block: statements(depth + 1), line: first.line });
      else throw new NginxSyntaxError(`unexpected "}" after "${first.value}" on line ${first.line}`);
    }
    if (depth > 0) throw new NginxSyntaxError('a block is not closed: unbalanced braces');
    return out;
  };
  return statements(0);
}
