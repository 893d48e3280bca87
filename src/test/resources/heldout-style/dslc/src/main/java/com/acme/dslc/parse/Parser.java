package com.acme.dslc.parse;

import com.acme.dslc.diag.DslException;
import com.acme.dslc.diag.SourcePos;
import com.acme.dslc.lex.Lexer;
import com.acme.dslc.lex.Lexer.Kind;
import com.acme.dslc.lex.Lexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser. One instance per rules file; every rule, expression and token of the file goes through
 * the methods below.
 */
public final class Parser {
    private final Lexer lexer;
    private final String file;
    private Token tok;
    private int anonymous;

    public Parser(Lexer lexer, String file) {
        this.lexer = lexer;
        this.file = file;
        this.tok = lexer.next();
    }

    public List<Ast.Rule> parseFile() {
        List<Ast.Rule> rules = new ArrayList<>();
        while (tok.kind != Kind.EOF) {
            rules.add(parseRule());
        }
        return rules;
    }

    Ast.Rule parseRule() {
        SourcePos at = tok.pos;
        expectKeyword("rule");
        String name;
        if (tok.kind == Kind.IDENT) {
            name = tok.text;
            advance();
        } else {
            int n = ++anonymous;
            name = String.format("%s#%s", file, n);
        }
        List<String> params = paramNames(parseParams());
        expectKeyword("when");
        Ast.Node when = parseExpr();
        expectKeyword("then");
        expect(Kind.LBRACE, "'{'");
        List<Ast.Node> actions = new ArrayList<>();
        while (tok.kind != Kind.RBRACE) {
            if (tok.kind == Kind.EOF) {
                throw unexpected("'}'");
            }
            actions.add(parseExpr());
            if (tok.kind == Kind.COMMA) {
                advance();
            }
        }
        advance();
        return new Ast.Rule(at, name, params, when, actions);
    }

    private List<Token> parseParams() {
        List<Token> out = new ArrayList<>(4);
        if (tok.kind != Kind.LPAREN) {
            return out;
        }
        advance();
        while (tok.kind != Kind.RPAREN) {
            if (tok.kind != Kind.IDENT) {
                throw unexpected("a parameter name");
            }
            out.add(tok);
            advance();
            if (tok.kind == Kind.COMMA) {
                advance();
            }
        }
        advance();
        return out;
    }

    private static List<String> paramNames(List<Token> toks) {
        List<String> names = new ArrayList<>();
        for (Token t : toks) {
            names.add(t.text);
        }
        return names;
    }

    Ast.Node parseExpr() {
        Ast.Node left = parsePrimary();
        while (tok.kind == Kind.OP || isKeyword("and") || isKeyword("or")) {
            String op = tok.text;
            SourcePos at = tok.pos;
            advance();
            Ast.Node right = parsePrimary();
            if (op.equals("~") && right instanceof Ast.Literal) {
                Ast.Literal glob = (Ast.Literal) right;
                right = new Ast.Literal(glob.pos, Ast.Type.STRING, globToRegex(glob.text));
            }
            left = new Ast.Binary(at, op, left, right);
        }
        return left;
    }

    /** Turns {@code src/*.java} into a regex; runs for every {@code ~} comparison in the file. */
    static String globToRegex(String glob) {
        String escaped = glob.replace(".", "\\.").replace("?", ".");
        return escaped.replaceAll("\\*+", ".*");
    }

    private Ast.Node parsePrimary() {
        Token t = tok;
        switch (t.kind) {
            case INT:
                advance();
                return new Ast.Literal(t.pos, Ast.Type.INT, t.text);
            case STRING:
                advance();
                return new Ast.Literal(t.pos, Ast.Type.STRING, t.text);
            case KEYWORD:
                if (t.text.equals("true") || t.text.equals("false")) {
                    advance();
                    return new Ast.Literal(t.pos, Ast.Type.BOOL, t.text);
                }
                throw unexpected("an expression");
            case IDENT:
            case CONST:
                advance();
                if (tok.kind == Kind.LPAREN) {
                    return parseCall(t);
                }
                if (tok.kind == Kind.DOT && t.text.equals("record")) {
                    return parseField(t);
                }
                return new Ast.Ident(t.pos, t.text, 0);
            case LPAREN:
                advance();
                Ast.Node inner = parseExpr();
                expect(Kind.RPAREN, "')'");
                return inner;
            default:
                throw unexpected("an expression");
        }
    }

    private Ast.Node parseCall(Token name) {
        advance();
        List<Ast.Node> args = new ArrayList<>(4);
        while (tok.kind != Kind.RPAREN) {
            args.add(parseExpr());
            if (tok.kind == Kind.COMMA) {
                advance();
            } else if (tok.kind != Kind.RPAREN) {
                throw unexpected("',' or ')'");
            }
        }
        advance();
        return new Ast.Call(name.pos, name.text, args);
    }

    private Ast.Node parseField(Token record) {
        advance();
        if (tok.kind != Kind.IDENT) {
            throw unexpected("a field name");
        }
        String root = tok.text;
        advance();
        List<String> path = new ArrayList<>(2);
        while (tok.kind == Kind.DOT) {
            advance();
            path.add(tok.text);
            advance();
        }
        return new Ast.FieldRef(record.pos, root, path);
    }

    private boolean isKeyword(String word) {
        return tok.kind == Kind.KEYWORD && tok.text.equals(word);
    }

    private void expectKeyword(String word) {
        if (!isKeyword(word)) {
            throw unexpected("'" + word + "'");
        }
        advance();
    }

    private void expect(Kind kind, String shown) {
        if (tok.kind != kind) {
            throw unexpected(shown);
        }
        advance();
    }

    private DslException unexpected(String wanted) {
        String found = tok.kind == Kind.EOF ? "end of file" : "'" + tok.text + "'";
        return new DslException(tok.pos, "expected " + wanted + " but found " + found);
    }

    private void advance() {
        tok = lexer.next();
    }
}
