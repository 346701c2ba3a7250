
import * as antlr from "antlr4ng";
import { Token } from "antlr4ng";



export class CELLegacyParser extends antlr.Parser {
    public static readonly EQUALS = 1;
    public static readonly NOT_EQUALS = 2;
    public static readonly IN = 3;
    public static readonly LESS = 4;
    public static readonly LESS_EQUALS = 5;
    public static readonly GREATER_EQUALS = 6;
    public static readonly GREATER = 7;
    public static readonly LOGICAL_AND = 8;
    public static readonly LOGICAL_OR = 9;
    public static readonly LBRACKET = 10;
    public static readonly RPRACKET = 11;
    public static readonly LBRACE = 12;
    public static readonly RBRACE = 13;
    public static readonly LPAREN = 14;
    public static readonly RPAREN = 15;
    public static readonly DOT = 16;
    public static readonly COMMA = 17;
    public static readonly MINUS = 18;
    public static readonly EXCLAM = 19;
    public static readonly QUESTIONMARK = 20;
    public static readonly COLON = 21;
    public static readonly PLUS = 22;
    public static readonly STAR = 23;
    public static readonly SLASH = 24;
    public static readonly PERCENT = 25;
    public static readonly CEL_TRUE = 26;
    public static readonly CEL_FALSE = 27;
    public static readonly NUL = 28;
    public static readonly WHITESPACE = 29;
    public static readonly COMMENT = 30;
    public static readonly NUM_FLOAT = 31;
    public static readonly NUM_INT = 32;
    public static readonly NUM_UINT = 33;
    public static readonly STRING = 34;
    public static readonly BYTES = 35;
    public static readonly IDENTIFIER = 36;
    public static readonly RULE_start = 0;
    public static readonly RULE_expr = 1;
    public static readonly RULE_conditionalOr = 2;
    public static readonly RULE_conditionalAnd = 3;
    public static readonly RULE_relation = 4;
    public static readonly RULE_calc = 5;
    public static readonly RULE_unary = 6;
    public static readonly RULE_member = 7;
    public static readonly RULE_primary = 8;
    public static readonly RULE_exprList = 9;
    public static readonly RULE_listInit = 10;
    public static readonly RULE_fieldInitializerList = 11;
    public static readonly RULE_optField = 12;
    public static readonly RULE_mapInitializerList = 13;
    public static readonly RULE_optExpr = 14;
    public static readonly RULE_literal = 15;

    public static readonly literalNames = [
        null, "'=='", "'!='", "'in'", "'<'", "'<='", "'>='", "'>'", "'&&'", 
        "'||'", "'['", "']'", "'{'", "'}'", "'('", "')'", "'.'", "','", 
        "'-'", "'!'", "'?'", "':'", "'+'", "'*'", "'/'", "'%'", "'true'", 
        "'false'", "'null'"
    ];

    public static readonly symbolicNames = [
        null, "EQUALS", "NOT_EQUALS", "IN", "LESS", "LESS_EQUALS", "GREATER_EQUALS", 
        "GREATER", "LOGICAL_AND", "LOGICAL_OR", "LBRACKET", "RPRACKET", 
        "LBRACE", "RBRACE", "LPAREN", "RPAREN", "DOT", "COMMA", "MINUS", 
        "EXCLAM", "QUESTIONMARK", "COLON", "PLUS", "STAR", "SLASH", "PERCENT", 
        "CEL_TRUE", "CEL_FALSE", "NUL", "WHITESPACE", "COMMENT", "NUM_FLOAT", 
        "NUM_INT", "NUM_UINT", "STRING", "BYTES", "IDENTIFIER"
    ];
    public static readonly ruleNames = [
        "start", "expr", "conditionalOr", "conditionalAnd", "relation", 
        "calc", "unary", "member", "primary", "exprList", "listInit", "fieldInitializerList", 
        "optField", "mapInitializerList", "optExpr", "literal",
    ];

    public get grammarFileName(): string { return "CELLegacy.g4"; }
    public get literalNames(): (string | null)[] { return CELLegacyParser.literalNames; }
    public get symbolicNames(): (string | null)[] { return CELLegacyParser.symbolicNames; }
    public get ruleNames(): string[] { return CELLegacyParser.ruleNames; }
    public get serializedATN(): number[] { return CELLegacyParser._serializedATN; }

    protected createFailedPredicateException(predicate?: string, message?: string): antlr.FailedPredicateException {
        return new antlr.FailedPredicateException(this, predicate, message);
    }

    public constructor(input: antlr.TokenStream) {
        super(input);
        this.interpreter = new antlr.ParserATNSimulator(this, CELLegacyParser._ATN, CELLegacyParser.decisionsToDFA, new antlr.PredictionContextCache());
    }
    public start(): StartContext {
        let localContext = new StartContext(this.context, this.state);
        this.enterRule(localContext, 0, CELLegacyParser.RULE_start);
        try {
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 32;
            localContext._e = this.expr();
            this.state = 33;
            this.match(CELLegacyParser.EOF);
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public expr(): ExprContext {
        let localContext = new ExprContext(this.context, this.state);
        this.enterRule(localContext, 2, CELLegacyParser.RULE_expr);
        let _la: number;
        try {
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 35;
            localContext._e = this.conditionalOr();
            this.state = 41;
            this.errorHandler.sync(this);
            _la = this.tokenStream.LA(1);
            if (_la === 20) {
                {
                this.state = 36;
                localContext._op = this.match(CELLegacyParser.QUESTIONMARK);
                this.state = 37;
                localContext._e1 = this.conditionalOr();
                this.state = 38;
                this.match(CELLegacyParser.COLON);
                this.state = 39;
                localContext._e2 = this.expr();
                }
            }

            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public conditionalOr(): ConditionalOrContext {
        let localContext = new ConditionalOrContext(this.context, this.state);
        this.enterRule(localContext, 4, CELLegacyParser.RULE_conditionalOr);
        let _la: number;
        try {
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 43;
            localContext._e = this.conditionalAnd();
            this.state = 48;
            this.errorHandler.sync(this);
            _la = this.tokenStream.LA(1);
            while (_la === 9) {
                {
                {
                this.state = 44;
                localContext._s9 = this.match(CELLegacyParser.LOGICAL_OR);
                localContext._ops.push(localContext._s9!);
                this.state = 45;
                localContext._conditionalAnd = this.conditionalAnd();
                localContext._e1.push(localContext._conditionalAnd!);
                }
                }
                this.state = 50;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public conditionalAnd(): ConditionalAndContext {
        let localContext = new ConditionalAndContext(this.context, this.state);
        this.enterRule(localContext, 6, CELLegacyParser.RULE_conditionalAnd);
        let _la: number;
        try {
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 51;
            localContext._e = this.relation(0);
            this.state = 56;
            this.errorHandler.sync(this);
            _la = this.tokenStream.LA(1);
            while (_la === 8) {
                {
                {
                this.state = 52;
                localContext._s8 = this.match(CELLegacyParser.LOGICAL_AND);
                localContext._ops.push(localContext._s8!);
                this.state = 53;
                localContext._relation = this.relation(0);
                localContext._e1.push(localContext._relation!);
                }
                }
                this.state = 58;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }

    public relation(): RelationContext;
    public relation(_p: number): RelationContext;
    public relation(_p?: number): RelationContext {
        if (_p === undefined) {
            _p = 0;
        }

        let parentContext = this.context;
        let parentState = this.state;
        let localContext = new RelationContext(this.context, parentState);
        let _startState = 8;
        this.enterRecursionRule(localContext, 8, CELLegacyParser.RULE_relation, _p);
        let _la: number;
        try {
            let alternative: number;
            this.enterOuterAlt(localContext, 1);
            {
            {
            this.state = 60;
            this.calc(0);
            }
            this.context!.stop = this.tokenStream.LT(-1);
            this.state = 67;
            this.errorHandler.sync(this);
            alternative = this.interpreter.adaptivePredict(this.tokenStream, 3, this.context);
            while (alternative !== 2 && alternative !== antlr.ATN.INVALID_ALT_NUMBER) {
                if (alternative === 1) {
                    if (this.parseListeners != null) {
                        this.triggerExitRuleEvent();
                    }
                    {
                    {
                    localContext = new RelationContext(parentContext, parentState);
                    this.pushNewRecursionContext(localContext, _startState, CELLegacyParser.RULE_relation);
                    this.state = 62;
                    if (!(this.precpred(this.context, 1))) {
                        throw this.createFailedPredicateException("this.precpred(this.context, 1)");
                    }
                    this.state = 63;
                    localContext._op = this.tokenStream.LT(1);
                    _la = this.tokenStream.LA(1);
                    if(!((((_la) & ~0x1F) === 0 && ((1 << _la) & 254) !== 0))) {
                        localContext._op = this.errorHandler.recoverInline(this);
                    }
                    else {
                        this.errorHandler.reportMatch(this);
                        this.consume();
                    }
                    this.state = 64;
                    this.relation(2);
                    }
                    }
                }
                this.state = 69;
                this.errorHandler.sync(this);
                alternative = this.interpreter.adaptivePredict(this.tokenStream, 3, this.context);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.unrollRecursionContexts(parentContext);
        }
        return localContext;
    }

    public calc(): CalcContext;
    public calc(_p: number): CalcContext;
    public calc(_p?: number): CalcContext {
        if (_p === undefined) {
            _p = 0;
        }

        let parentContext = this.context;
        let parentState = this.state;
        let localContext = new CalcContext(this.context, parentState);
        let _startState = 10;
        this.enterRecursionRule(localContext, 10, CELLegacyParser.RULE_calc, _p);
        let _la: number;
        try {
            let alternative: number;
            this.enterOuterAlt(localContext, 1);
            {
            {
            this.state = 71;
            this.unary();
            }
            this.context!.stop = this.tokenStream.LT(-1);
            this.state = 81;
            this.errorHandler.sync(this);
            alternative = this.interpreter.adaptivePredict(this.tokenStream, 5, this.context);
            while (alternative !== 2 && alternative !== antlr.ATN.INVALID_ALT_NUMBER) {
                if (alternative === 1) {
                    if (this.parseListeners != null) {
                        this.triggerExitRuleEvent();
                    }
                    {
                    this.state = 79;
                    this.errorHandler.sync(this);
                    switch (this.interpreter.adaptivePredict(this.tokenStream, 4, this.context) ) {
                    case 1:
                        {
                        localContext = new CalcContext(parentContext, parentState);
                        this.pushNewRecursionContext(localContext, _startState, CELLegacyParser.RULE_calc);
                        this.state = 73;
                        if (!(this.precpred(this.context, 2))) {
                            throw this.createFailedPredicateException("this.precpred(this.context, 2)");
                        }
                        this.state = 74;
                        localContext._op = this.tokenStream.LT(1);
                        _la = this.tokenStream.LA(1);
                        if(!((((_la) & ~0x1F) === 0 && ((1 << _la) & 58720256) !== 0))) {
                            localContext._op = this.errorHandler.recoverInline(this);
                        }
                        else {
                            this.errorHandler.reportMatch(this);
                            this.consume();
                        }
                        this.state = 75;
                        this.calc(3);
                        }
                        break;
                    case 2:
                        {
                        localContext = new CalcContext(parentContext, parentState);
                        this.pushNewRecursionContext(localContext, _startState, CELLegacyParser.RULE_calc);
                        this.state = 76;
                        if (!(this.precpred(this.context, 1))) {
                            throw this.createFailedPredicateException("this.precpred(this.context, 1)");
                        }
                        this.state = 77;
                        localContext._op = this.tokenStream.LT(1);
                        _la = this.tokenStream.LA(1);
                        if(!(_la === 18 || _la === 22)) {
                            localContext._op = this.errorHandler.recoverInline(this);
                        }
                        else {
                            this.errorHandler.reportMatch(this);
                            this.consume();
                        }
                        this.state = 78;
                        this.calc(2);
                        }
                        break;
                    }
                    }
                }
                this.state = 83;
                this.errorHandler.sync(this);
                alternative = this.interpreter.adaptivePredict(this.tokenStream, 5, this.context);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.unrollRecursionContexts(parentContext);
        }
        return localContext;
    }
    public unary(): UnaryContext {
        let localContext = new UnaryContext(this.context, this.state);
        this.enterRule(localContext, 12, CELLegacyParser.RULE_unary);
        let _la: number;
        try {
            let alternative: number;
            this.state = 97;
            this.errorHandler.sync(this);
            switch (this.interpreter.adaptivePredict(this.tokenStream, 8, this.context) ) {
            case 1:
                localContext = new MemberExprContext(localContext);
                this.enterOuterAlt(localContext, 1);
                {
                this.state = 84;
                this.member(0);
                }
                break;
            case 2:
                localContext = new LogicalNotContext(localContext);
                this.enterOuterAlt(localContext, 2);
                {
                this.state = 86;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                do {
                    {
                    {
                    this.state = 85;
                    (localContext as LogicalNotContext)._s19 = this.match(CELLegacyParser.EXCLAM);
                    (localContext as LogicalNotContext)._ops.push((localContext as LogicalNotContext)._s19!);
                    }
                    }
                    this.state = 88;
                    this.errorHandler.sync(this);
                    _la = this.tokenStream.LA(1);
                } while (_la === 19);
                this.state = 90;
                this.member(0);
                }
                break;
            case 3:
                localContext = new NegateContext(localContext);
                this.enterOuterAlt(localContext, 3);
                {
                this.state = 92;
                this.errorHandler.sync(this);
                alternative = 1;
                do {
                    switch (alternative) {
                    case 1:
                        {
                        {
                        this.state = 91;
                        (localContext as NegateContext)._s18 = this.match(CELLegacyParser.MINUS);
                        (localContext as NegateContext)._ops.push((localContext as NegateContext)._s18!);
                        }
                        }
                        break;
                    default:
                        throw new antlr.NoViableAltException(this);
                    }
                    this.state = 94;
                    this.errorHandler.sync(this);
                    alternative = this.interpreter.adaptivePredict(this.tokenStream, 7, this.context);
                } while (alternative !== 2 && alternative !== antlr.ATN.INVALID_ALT_NUMBER);
                this.state = 96;
                this.member(0);
                }
                break;
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }

    public member(): MemberContext;
    public member(_p: number): MemberContext;
    public member(_p?: number): MemberContext {
        if (_p === undefined) {
            _p = 0;
        }

        let parentContext = this.context;
        let parentState = this.state;
        let localContext = new MemberContext(this.context, parentState);
        let _startState = 14;
        this.enterRecursionRule(localContext, 14, CELLegacyParser.RULE_member, _p);
        let _la: number;
        try {
            let alternative: number;
            this.enterOuterAlt(localContext, 1);
            {
            {
            localContext = new PrimaryExprContext(localContext);
            this.context = localContext;

            this.state = 100;
            this.primary();
            }
            this.context!.stop = this.tokenStream.LT(-1);
            this.state = 126;
            this.errorHandler.sync(this);
            alternative = this.interpreter.adaptivePredict(this.tokenStream, 13, this.context);
            while (alternative !== 2 && alternative !== antlr.ATN.INVALID_ALT_NUMBER) {
                if (alternative === 1) {
                    if (this.parseListeners != null) {
                        this.triggerExitRuleEvent();
                    }
                    {
                    this.state = 124;
                    this.errorHandler.sync(this);
                    switch (this.interpreter.adaptivePredict(this.tokenStream, 12, this.context) ) {
                    case 1:
                        {
                        localContext = new SelectContext(new MemberContext(parentContext, parentState));
                        this.pushNewRecursionContext(localContext, _startState, CELLegacyParser.RULE_member);
                        this.state = 102;
                        if (!(this.precpred(this.context, 3))) {
                            throw this.createFailedPredicateException("this.precpred(this.context, 3)");
                        }
                        this.state = 103;
                        (localContext as SelectContext)._op = this.match(CELLegacyParser.DOT);
                        this.state = 105;
                        this.errorHandler.sync(this);
                        _la = this.tokenStream.LA(1);
                        if (_la === 20) {
                            {
                            this.state = 104;
                            (localContext as SelectContext)._opt = this.match(CELLegacyParser.QUESTIONMARK);
                            }
                        }

                        this.state = 107;
                        (localContext as SelectContext)._id = this.match(CELLegacyParser.IDENTIFIER);
                        }
                        break;
                    case 2:
                        {
                        localContext = new MemberCallContext(new MemberContext(parentContext, parentState));
                        this.pushNewRecursionContext(localContext, _startState, CELLegacyParser.RULE_member);
                        this.state = 108;
                        if (!(this.precpred(this.context, 2))) {
                            throw this.createFailedPredicateException("this.precpred(this.context, 2)");
                        }
                        this.state = 109;
                        (localContext as MemberCallContext)._op = this.match(CELLegacyParser.DOT);
                        this.state = 110;
                        (localContext as MemberCallContext)._id = this.match(CELLegacyParser.IDENTIFIER);
                        this.state = 111;
                        (localContext as MemberCallContext)._open = this.match(CELLegacyParser.LPAREN);
                        this.state = 113;
                        this.errorHandler.sync(this);
                        _la = this.tokenStream.LA(1);
                        if (((((_la - 10)) & ~0x1F) === 0 && ((1 << (_la - 10)) & 132580181) !== 0)) {
                            {
                            this.state = 112;
                            (localContext as MemberCallContext)._args = this.exprList();
                            }
                        }

                        this.state = 115;
                        this.match(CELLegacyParser.RPAREN);
                        }
                        break;
                    case 3:
                        {
                        localContext = new IndexContext(new MemberContext(parentContext, parentState));
                        this.pushNewRecursionContext(localContext, _startState, CELLegacyParser.RULE_member);
                        this.state = 116;
                        if (!(this.precpred(this.context, 1))) {
                            throw this.createFailedPredicateException("this.precpred(this.context, 1)");
                        }
                        this.state = 117;
                        (localContext as IndexContext)._op = this.match(CELLegacyParser.LBRACKET);
                        this.state = 119;
                        this.errorHandler.sync(this);
                        _la = this.tokenStream.LA(1);
                        if (_la === 20) {
                            {
                            this.state = 118;
                            (localContext as IndexContext)._opt = this.match(CELLegacyParser.QUESTIONMARK);
                            }
                        }

                        this.state = 121;
                        (localContext as IndexContext)._index = this.expr();
                        this.state = 122;
                        this.match(CELLegacyParser.RPRACKET);
                        }
                        break;
                    }
                    }
                }
                this.state = 128;
                this.errorHandler.sync(this);
                alternative = this.interpreter.adaptivePredict(this.tokenStream, 13, this.context);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.unrollRecursionContexts(parentContext);
        }
        return localContext;
    }
    public primary(): PrimaryContext {
        let localContext = new PrimaryContext(this.context, this.state);
        this.enterRule(localContext, 16, CELLegacyParser.RULE_primary);
        let _la: number;
        try {
            this.state = 180;
            this.errorHandler.sync(this);
            switch (this.interpreter.adaptivePredict(this.tokenStream, 25, this.context) ) {
            case 1:
                localContext = new IdentOrGlobalCallContext(localContext);
                this.enterOuterAlt(localContext, 1);
                {
                this.state = 130;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (_la === 16) {
                    {
                    this.state = 129;
                    (localContext as IdentOrGlobalCallContext)._leadingDot = this.match(CELLegacyParser.DOT);
                    }
                }

                this.state = 132;
                (localContext as IdentOrGlobalCallContext)._id = this.match(CELLegacyParser.IDENTIFIER);
                this.state = 138;
                this.errorHandler.sync(this);
                switch (this.interpreter.adaptivePredict(this.tokenStream, 16, this.context) ) {
                case 1:
                    {
                    this.state = 133;
                    (localContext as IdentOrGlobalCallContext)._op = this.match(CELLegacyParser.LPAREN);
                    this.state = 135;
                    this.errorHandler.sync(this);
                    _la = this.tokenStream.LA(1);
                    if (((((_la - 10)) & ~0x1F) === 0 && ((1 << (_la - 10)) & 132580181) !== 0)) {
                        {
                        this.state = 134;
                        (localContext as IdentOrGlobalCallContext)._args = this.exprList();
                        }
                    }

                    this.state = 137;
                    this.match(CELLegacyParser.RPAREN);
                    }
                    break;
                }
                }
                break;
            case 2:
                localContext = new NestedContext(localContext);
                this.enterOuterAlt(localContext, 2);
                {
                this.state = 140;
                this.match(CELLegacyParser.LPAREN);
                this.state = 141;
                (localContext as NestedContext)._e = this.expr();
                this.state = 142;
                this.match(CELLegacyParser.RPAREN);
                }
                break;
            case 3:
                localContext = new CreateListContext(localContext);
                this.enterOuterAlt(localContext, 3);
                {
                this.state = 144;
                (localContext as CreateListContext)._op = this.match(CELLegacyParser.LBRACKET);
                this.state = 146;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (((((_la - 10)) & ~0x1F) === 0 && ((1 << (_la - 10)) & 132581205) !== 0)) {
                    {
                    this.state = 145;
                    (localContext as CreateListContext)._elems = this.listInit();
                    }
                }

                this.state = 149;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (_la === 17) {
                    {
                    this.state = 148;
                    this.match(CELLegacyParser.COMMA);
                    }
                }

                this.state = 151;
                this.match(CELLegacyParser.RPRACKET);
                }
                break;
            case 4:
                localContext = new CreateStructContext(localContext);
                this.enterOuterAlt(localContext, 4);
                {
                this.state = 152;
                (localContext as CreateStructContext)._op = this.match(CELLegacyParser.LBRACE);
                this.state = 154;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (((((_la - 10)) & ~0x1F) === 0 && ((1 << (_la - 10)) & 132581205) !== 0)) {
                    {
                    this.state = 153;
                    (localContext as CreateStructContext)._entries = this.mapInitializerList();
                    }
                }

                this.state = 157;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (_la === 17) {
                    {
                    this.state = 156;
                    this.match(CELLegacyParser.COMMA);
                    }
                }

                this.state = 159;
                this.match(CELLegacyParser.RBRACE);
                }
                break;
            case 5:
                localContext = new CreateMessageContext(localContext);
                this.enterOuterAlt(localContext, 5);
                {
                this.state = 161;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (_la === 16) {
                    {
                    this.state = 160;
                    (localContext as CreateMessageContext)._leadingDot = this.match(CELLegacyParser.DOT);
                    }
                }

                this.state = 163;
                (localContext as CreateMessageContext)._IDENTIFIER = this.match(CELLegacyParser.IDENTIFIER);
                (localContext as CreateMessageContext)._ids.push((localContext as CreateMessageContext)._IDENTIFIER!);
                this.state = 168;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                while (_la === 16) {
                    {
                    {
                    this.state = 164;
                    (localContext as CreateMessageContext)._s16 = this.match(CELLegacyParser.DOT);
                    (localContext as CreateMessageContext)._ops.push((localContext as CreateMessageContext)._s16!);
                    this.state = 165;
                    (localContext as CreateMessageContext)._IDENTIFIER = this.match(CELLegacyParser.IDENTIFIER);
                    (localContext as CreateMessageContext)._ids.push((localContext as CreateMessageContext)._IDENTIFIER!);
                    }
                    }
                    this.state = 170;
                    this.errorHandler.sync(this);
                    _la = this.tokenStream.LA(1);
                }
                this.state = 171;
                (localContext as CreateMessageContext)._op = this.match(CELLegacyParser.LBRACE);
                this.state = 173;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (_la === 20 || _la === 36) {
                    {
                    this.state = 172;
                    (localContext as CreateMessageContext)._entries = this.fieldInitializerList();
                    }
                }

                this.state = 176;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (_la === 17) {
                    {
                    this.state = 175;
                    this.match(CELLegacyParser.COMMA);
                    }
                }

                this.state = 178;
                this.match(CELLegacyParser.RBRACE);
                }
                break;
            case 6:
                localContext = new ConstantLiteralContext(localContext);
                this.enterOuterAlt(localContext, 6);
                {
                this.state = 179;
                this.literal();
                }
                break;
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public exprList(): ExprListContext {
        let localContext = new ExprListContext(this.context, this.state);
        this.enterRule(localContext, 18, CELLegacyParser.RULE_exprList);
        let _la: number;
        try {
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 182;
            localContext._expr = this.expr();
            localContext._e.push(localContext._expr!);
            this.state = 187;
            this.errorHandler.sync(this);
            _la = this.tokenStream.LA(1);
            while (_la === 17) {
                {
                {
                this.state = 183;
                this.match(CELLegacyParser.COMMA);
                this.state = 184;
                localContext._expr = this.expr();
                localContext._e.push(localContext._expr!);
                }
                }
                this.state = 189;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public listInit(): ListInitContext {
        let localContext = new ListInitContext(this.context, this.state);
        this.enterRule(localContext, 20, CELLegacyParser.RULE_listInit);
        try {
            let alternative: number;
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 190;
            localContext._optExpr = this.optExpr();
            localContext._elems.push(localContext._optExpr!);
            this.state = 195;
            this.errorHandler.sync(this);
            alternative = this.interpreter.adaptivePredict(this.tokenStream, 27, this.context);
            while (alternative !== 2 && alternative !== antlr.ATN.INVALID_ALT_NUMBER) {
                if (alternative === 1) {
                    {
                    {
                    this.state = 191;
                    this.match(CELLegacyParser.COMMA);
                    this.state = 192;
                    localContext._optExpr = this.optExpr();
                    localContext._elems.push(localContext._optExpr!);
                    }
                    }
                }
                this.state = 197;
                this.errorHandler.sync(this);
                alternative = this.interpreter.adaptivePredict(this.tokenStream, 27, this.context);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public fieldInitializerList(): FieldInitializerListContext {
        let localContext = new FieldInitializerListContext(this.context, this.state);
        this.enterRule(localContext, 22, CELLegacyParser.RULE_fieldInitializerList);
        try {
            let alternative: number;
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 198;
            localContext._optField = this.optField();
            localContext._fields.push(localContext._optField!);
            this.state = 199;
            localContext._s21 = this.match(CELLegacyParser.COLON);
            localContext._cols.push(localContext._s21!);
            this.state = 200;
            localContext._expr = this.expr();
            localContext._values.push(localContext._expr!);
            this.state = 208;
            this.errorHandler.sync(this);
            alternative = this.interpreter.adaptivePredict(this.tokenStream, 28, this.context);
            while (alternative !== 2 && alternative !== antlr.ATN.INVALID_ALT_NUMBER) {
                if (alternative === 1) {
                    {
                    {
                    this.state = 201;
                    this.match(CELLegacyParser.COMMA);
                    this.state = 202;
                    localContext._optField = this.optField();
                    localContext._fields.push(localContext._optField!);
                    this.state = 203;
                    localContext._s21 = this.match(CELLegacyParser.COLON);
                    localContext._cols.push(localContext._s21!);
                    this.state = 204;
                    localContext._expr = this.expr();
                    localContext._values.push(localContext._expr!);
                    }
                    }
                }
                this.state = 210;
                this.errorHandler.sync(this);
                alternative = this.interpreter.adaptivePredict(this.tokenStream, 28, this.context);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public optField(): OptFieldContext {
        let localContext = new OptFieldContext(this.context, this.state);
        this.enterRule(localContext, 24, CELLegacyParser.RULE_optField);
        let _la: number;
        try {
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 212;
            this.errorHandler.sync(this);
            _la = this.tokenStream.LA(1);
            if (_la === 20) {
                {
                this.state = 211;
                localContext._opt = this.match(CELLegacyParser.QUESTIONMARK);
                }
            }

            this.state = 214;
            this.match(CELLegacyParser.IDENTIFIER);
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public mapInitializerList(): MapInitializerListContext {
        let localContext = new MapInitializerListContext(this.context, this.state);
        this.enterRule(localContext, 26, CELLegacyParser.RULE_mapInitializerList);
        try {
            let alternative: number;
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 216;
            localContext._optExpr = this.optExpr();
            localContext._keys.push(localContext._optExpr!);
            this.state = 217;
            localContext._s21 = this.match(CELLegacyParser.COLON);
            localContext._cols.push(localContext._s21!);
            this.state = 218;
            localContext._expr = this.expr();
            localContext._values.push(localContext._expr!);
            this.state = 226;
            this.errorHandler.sync(this);
            alternative = this.interpreter.adaptivePredict(this.tokenStream, 30, this.context);
            while (alternative !== 2 && alternative !== antlr.ATN.INVALID_ALT_NUMBER) {
                if (alternative === 1) {
                    {
                    {
                    this.state = 219;
                    this.match(CELLegacyParser.COMMA);
                    this.state = 220;
                    localContext._optExpr = this.optExpr();
                    localContext._keys.push(localContext._optExpr!);
                    this.state = 221;
                    localContext._s21 = this.match(CELLegacyParser.COLON);
                    localContext._cols.push(localContext._s21!);
                    this.state = 222;
                    localContext._expr = this.expr();
                    localContext._values.push(localContext._expr!);
                    }
                    }
                }
                this.state = 228;
                this.errorHandler.sync(this);
                alternative = this.interpreter.adaptivePredict(this.tokenStream, 30, this.context);
            }
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public optExpr(): OptExprContext {
        let localContext = new OptExprContext(this.context, this.state);
        this.enterRule(localContext, 28, CELLegacyParser.RULE_optExpr);
        let _la: number;
        try {
            this.enterOuterAlt(localContext, 1);
            {
            this.state = 230;
            this.errorHandler.sync(this);
            _la = this.tokenStream.LA(1);
            if (_la === 20) {
                {
                this.state = 229;
                localContext._opt = this.match(CELLegacyParser.QUESTIONMARK);
                }
            }

            this.state = 232;
            localContext._e = this.expr();
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }
    public literal(): LiteralContext {
        let localContext = new LiteralContext(this.context, this.state);
        this.enterRule(localContext, 30, CELLegacyParser.RULE_literal);
        let _la: number;
        try {
            this.state = 248;
            this.errorHandler.sync(this);
            switch (this.interpreter.adaptivePredict(this.tokenStream, 34, this.context) ) {
            case 1:
                localContext = new IntContext(localContext);
                this.enterOuterAlt(localContext, 1);
                {
                this.state = 235;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (_la === 18) {
                    {
                    this.state = 234;
                    (localContext as IntContext)._sign = this.match(CELLegacyParser.MINUS);
                    }
                }

                this.state = 237;
                (localContext as IntContext)._tok = this.match(CELLegacyParser.NUM_INT);
                }
                break;
            case 2:
                localContext = new UintContext(localContext);
                this.enterOuterAlt(localContext, 2);
                {
                this.state = 238;
                (localContext as UintContext)._tok = this.match(CELLegacyParser.NUM_UINT);
                }
                break;
            case 3:
                localContext = new DoubleContext(localContext);
                this.enterOuterAlt(localContext, 3);
                {
                this.state = 240;
                this.errorHandler.sync(this);
                _la = this.tokenStream.LA(1);
                if (_la === 18) {
                    {
                    this.state = 239;
                    (localContext as DoubleContext)._sign = this.match(CELLegacyParser.MINUS);
                    }
                }

                this.state = 242;
                (localContext as DoubleContext)._tok = this.match(CELLegacyParser.NUM_FLOAT);
                }
                break;
            case 4:
                localContext = new StringContext(localContext);
                this.enterOuterAlt(localContext, 4);
                {
                this.state = 243;
                (localContext as StringContext)._tok = this.match(CELLegacyParser.STRING);
                }
                break;
            case 5:
                localContext = new BytesContext(localContext);
                this.enterOuterAlt(localContext, 5);
                {
                this.state = 244;
                (localContext as BytesContext)._tok = this.match(CELLegacyParser.BYTES);
                }
                break;
            case 6:
                localContext = new BoolTrueContext(localContext);
                this.enterOuterAlt(localContext, 6);
                {
                this.state = 245;
                (localContext as BoolTrueContext)._tok = this.match(CELLegacyParser.CEL_TRUE);
                }
                break;
            case 7:
                localContext = new BoolFalseContext(localContext);
                this.enterOuterAlt(localContext, 7);
                {
                this.state = 246;
                (localContext as BoolFalseContext)._tok = this.match(CELLegacyParser.CEL_FALSE);
                }
                break;
            case 8:
                localContext = new NullContext(localContext);
                this.enterOuterAlt(localContext, 8);
                {
                this.state = 247;
                (localContext as NullContext)._tok = this.match(CELLegacyParser.NUL);
                }
                break;
            }
        }
        catch (re) {
            if (re instanceof antlr.RecognitionException) {
                this.errorHandler.reportError(this, re);
                this.errorHandler.recover(this, re);
            } else {
                throw re;
            }
        }
        finally {
            this.exitRule();
        }
        return localContext;
    }

    public override sempred(localContext: antlr.ParserRuleContext | null, ruleIndex: number, predIndex: number): boolean {
        switch (ruleIndex) {
        case 4:
            return this.relation_sempred(localContext as RelationContext, predIndex);
        case 5:
            return this.calc_sempred(localContext as CalcContext, predIndex);
        case 7:
            return this.member_sempred(localContext as MemberContext, predIndex);
        }
        return true;
    }
    private relation_sempred(_localContext: RelationContext | null, predIndex: number): boolean {
        switch (predIndex) {
        case 0:
            return this.precpred(this.context, 1);
        }
        return true;
    }
    private calc_sempred(_localContext: CalcContext | null, predIndex: number): boolean {
        switch (predIndex) {
        case 1:
            return this.precpred(this.context, 2);
        case 2:
            return this.precpred(this.context, 1);
        }
        return true;
    }
    private member_sempred(_localContext: MemberContext | null, predIndex: number): boolean {
        switch (predIndex) {
        case 3:
            return this.precpred(this.context, 3);
        case 4:
            return this.precpred(this.context, 2);
        case 5:
            return this.precpred(this.context, 1);
        }
        return true;
    }

    public static readonly _serializedATN: number[] = [
        4,1,36,251,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,2,6,7,
        6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,13,7,13,
        2,14,7,14,2,15,7,15,1,0,1,0,1,0,1,1,1,1,1,1,1,1,1,1,1,1,3,1,42,8,
        1,1,2,1,2,1,2,5,2,47,8,2,10,2,12,2,50,9,2,1,3,1,3,1,3,5,3,55,8,3,
        10,3,12,3,58,9,3,1,4,1,4,1,4,1,4,1,4,1,4,5,4,66,8,4,10,4,12,4,69,
        9,4,1,5,1,5,1,5,1,5,1,5,1,5,1,5,1,5,1,5,5,5,80,8,5,10,5,12,5,83,
        9,5,1,6,1,6,4,6,87,8,6,11,6,12,6,88,1,6,1,6,4,6,93,8,6,11,6,12,6,
        94,1,6,3,6,98,8,6,1,7,1,7,1,7,1,7,1,7,1,7,3,7,106,8,7,1,7,1,7,1,
        7,1,7,1,7,1,7,3,7,114,8,7,1,7,1,7,1,7,1,7,3,7,120,8,7,1,7,1,7,1,
        7,5,7,125,8,7,10,7,12,7,128,9,7,1,8,3,8,131,8,8,1,8,1,8,1,8,3,8,
        136,8,8,1,8,3,8,139,8,8,1,8,1,8,1,8,1,8,1,8,1,8,3,8,147,8,8,1,8,
        3,8,150,8,8,1,8,1,8,1,8,3,8,155,8,8,1,8,3,8,158,8,8,1,8,1,8,3,8,
        162,8,8,1,8,1,8,1,8,5,8,167,8,8,10,8,12,8,170,9,8,1,8,1,8,3,8,174,
        8,8,1,8,3,8,177,8,8,1,8,1,8,3,8,181,8,8,1,9,1,9,1,9,5,9,186,8,9,
        10,9,12,9,189,9,9,1,10,1,10,1,10,5,10,194,8,10,10,10,12,10,197,9,
        10,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,5,11,207,8,11,10,11,12,
        11,210,9,11,1,12,3,12,213,8,12,1,12,1,12,1,13,1,13,1,13,1,13,1,13,
        1,13,1,13,1,13,5,13,225,8,13,10,13,12,13,228,9,13,1,14,3,14,231,
        8,14,1,14,1,14,1,15,3,15,236,8,15,1,15,1,15,1,15,3,15,241,8,15,1,
        15,1,15,1,15,1,15,1,15,1,15,3,15,249,8,15,1,15,0,3,8,10,14,16,0,
        2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,0,3,1,0,1,7,1,0,23,25,2,
        0,18,18,22,22,281,0,32,1,0,0,0,2,35,1,0,0,0,4,43,1,0,0,0,6,51,1,
        0,0,0,8,59,1,0,0,0,10,70,1,0,0,0,12,97,1,0,0,0,14,99,1,0,0,0,16,
        180,1,0,0,0,18,182,1,0,0,0,20,190,1,0,0,0,22,198,1,0,0,0,24,212,
        1,0,0,0,26,216,1,0,0,0,28,230,1,0,0,0,30,248,1,0,0,0,32,33,3,2,1,
        0,33,34,5,0,0,1,34,1,1,0,0,0,35,41,3,4,2,0,36,37,5,20,0,0,37,38,
        3,4,2,0,38,39,5,21,0,0,39,40,3,2,1,0,40,42,1,0,0,0,41,36,1,0,0,0,
        41,42,1,0,0,0,42,3,1,0,0,0,43,48,3,6,3,0,44,45,5,9,0,0,45,47,3,6,
        3,0,46,44,1,0,0,0,47,50,1,0,0,0,48,46,1,0,0,0,48,49,1,0,0,0,49,5,
        1,0,0,0,50,48,1,0,0,0,51,56,3,8,4,0,52,53,5,8,0,0,53,55,3,8,4,0,
        54,52,1,0,0,0,55,58,1,0,0,0,56,54,1,0,0,0,56,57,1,0,0,0,57,7,1,0,
        0,0,58,56,1,0,0,0,59,60,6,4,-1,0,60,61,3,10,5,0,61,67,1,0,0,0,62,
        63,10,1,0,0,63,64,7,0,0,0,64,66,3,8,4,2,65,62,1,0,0,0,66,69,1,0,
        0,0,67,65,1,0,0,0,67,68,1,0,0,0,68,9,1,0,0,0,69,67,1,0,0,0,70,71,
        6,5,-1,0,71,72,3,12,6,0,72,81,1,0,0,0,73,74,10,2,0,0,74,75,7,1,0,
        0,75,80,3,10,5,3,76,77,10,1,0,0,77,78,7,2,0,0,78,80,3,10,5,2,79,
        73,1,0,0,0,79,76,1,0,0,0,80,83,1,0,0,0,81,79,1,0,0,0,81,82,1,0,0,
        0,82,11,1,0,0,0,83,81,1,0,0,0,84,98,3,14,7,0,85,87,5,19,0,0,86,85,
        1,0,0,0,87,88,1,0,0,0,88,86,1,0,0,0,88,89,1,0,0,0,89,90,1,0,0,0,
        90,98,3,14,7,0,91,93,5,18,0,0,92,91,1,0,0,0,93,94,1,0,0,0,94,92,
        1,0,0,0,94,95,1,0,0,0,95,96,1,0,0,0,96,98,3,14,7,0,97,84,1,0,0,0,
        97,86,1,0,0,0,97,92,1,0,0,0,98,13,1,0,0,0,99,100,6,7,-1,0,100,101,
        3,16,8,0,101,126,1,0,0,0,102,103,10,3,0,0,103,105,5,16,0,0,104,106,
        5,20,0,0,105,104,1,0,0,0,105,106,1,0,0,0,106,107,1,0,0,0,107,125,
        5,36,0,0,108,109,10,2,0,0,109,110,5,16,0,0,110,111,5,36,0,0,111,
        113,5,14,0,0,112,114,3,18,9,0,113,112,1,0,0,0,113,114,1,0,0,0,114,
        115,1,0,0,0,115,125,5,15,0,0,116,117,10,1,0,0,117,119,5,10,0,0,118,
        120,5,20,0,0,119,118,1,0,0,0,119,120,1,0,0,0,120,121,1,0,0,0,121,
        122,3,2,1,0,122,123,5,11,0,0,123,125,1,0,0,0,124,102,1,0,0,0,124,
        108,1,0,0,0,124,116,1,0,0,0,125,128,1,0,0,0,126,124,1,0,0,0,126,
        127,1,0,0,0,127,15,1,0,0,0,128,126,1,0,0,0,129,131,5,16,0,0,130,
        129,1,0,0,0,130,131,1,0,0,0,131,132,1,0,0,0,132,138,5,36,0,0,133,
        135,5,14,0,0,134,136,3,18,9,0,135,134,1,0,0,0,135,136,1,0,0,0,136,
        137,1,0,0,0,137,139,5,15,0,0,138,133,1,0,0,0,138,139,1,0,0,0,139,
        181,1,0,0,0,140,141,5,14,0,0,141,142,3,2,1,0,142,143,5,15,0,0,143,
        181,1,0,0,0,144,146,5,10,0,0,145,147,3,20,10,0,146,145,1,0,0,0,146,
        147,1,0,0,0,147,149,1,0,0,0,148,150,5,17,0,0,149,148,1,0,0,0,149,
        150,1,0,0,0,150,151,1,0,0,0,151,181,5,11,0,0,152,154,5,12,0,0,153,
        155,3,26,13,0,154,153,1,0,0,0,154,155,1,0,0,0,155,157,1,0,0,0,156,
        158,5,17,0,0,157,156,1,0,0,0,157,158,1,0,0,0,158,159,1,0,0,0,159,
        181,5,13,0,0,160,162,5,16,0,0,161,160,1,0,0,0,161,162,1,0,0,0,162,
        163,1,0,0,0,163,168,5,36,0,0,164,165,5,16,0,0,165,167,5,36,0,0,166,
        164,1,0,0,0,167,170,1,0,0,0,168,166,1,0,0,0,168,169,1,0,0,0,169,
        171,1,0,0,0,170,168,1,0,0,0,171,173,5,12,0,0,172,174,3,22,11,0,173,
        172,1,0,0,0,173,174,1,0,0,0,174,176,1,0,0,0,175,177,5,17,0,0,176,
        175,1,0,0,0,176,177,1,0,0,0,177,178,1,0,0,0,178,181,5,13,0,0,179,
        181,3,30,15,0,180,130,1,0,0,0,180,140,1,0,0,0,180,144,1,0,0,0,180,
        152,1,0,0,0,180,161,1,0,0,0,180,179,1,0,0,0,181,17,1,0,0,0,182,187,
        3,2,1,0,183,184,5,17,0,0,184,186,3,2,1,0,185,183,1,0,0,0,186,189,
        1,0,0,0,187,185,1,0,0,0,187,188,1,0,0,0,188,19,1,0,0,0,189,187,1,
        0,0,0,190,195,3,28,14,0,191,192,5,17,0,0,192,194,3,28,14,0,193,191,
        1,0,0,0,194,197,1,0,0,0,195,193,1,0,0,0,195,196,1,0,0,0,196,21,1,
        0,0,0,197,195,1,0,0,0,198,199,3,24,12,0,199,200,5,21,0,0,200,208,
        3,2,1,0,201,202,5,17,0,0,202,203,3,24,12,0,203,204,5,21,0,0,204,
        205,3,2,1,0,205,207,1,0,0,0,206,201,1,0,0,0,207,210,1,0,0,0,208,
        206,1,0,0,0,208,209,1,0,0,0,209,23,1,0,0,0,210,208,1,0,0,0,211,213,
        5,20,0,0,212,211,1,0,0,0,212,213,1,0,0,0,213,214,1,0,0,0,214,215,
        5,36,0,0,215,25,1,0,0,0,216,217,3,28,14,0,217,218,5,21,0,0,218,226,
        3,2,1,0,219,220,5,17,0,0,220,221,3,28,14,0,221,222,5,21,0,0,222,
        223,3,2,1,0,223,225,1,0,0,0,224,219,1,0,0,0,225,228,1,0,0,0,226,
        224,1,0,0,0,226,227,1,0,0,0,227,27,1,0,0,0,228,226,1,0,0,0,229,231,
        5,20,0,0,230,229,1,0,0,0,230,231,1,0,0,0,231,232,1,0,0,0,232,233,
        3,2,1,0,233,29,1,0,0,0,234,236,5,18,0,0,235,234,1,0,0,0,235,236,
        1,0,0,0,236,237,1,0,0,0,237,249,5,32,0,0,238,249,5,33,0,0,239,241,
        5,18,0,0,240,239,1,0,0,0,240,241,1,0,0,0,241,242,1,0,0,0,242,249,
        5,31,0,0,243,249,5,34,0,0,244,249,5,35,0,0,245,249,5,26,0,0,246,
        249,5,27,0,0,247,249,5,28,0,0,248,235,1,0,0,0,248,238,1,0,0,0,248,
        240,1,0,0,0,248,243,1,0,0,0,248,244,1,0,0,0,248,245,1,0,0,0,248,
        246,1,0,0,0,248,247,1,0,0,0,249,31,1,0,0,0,35,41,48,56,67,79,81,
        88,94,97,105,113,119,124,126,130,135,138,146,149,154,157,161,168,
        173,176,180,187,195,208,212,226,230,235,240,248
    ];

    private static __ATN: antlr.ATN;
    public static get _ATN(): antlr.ATN {
        if (!CELLegacyParser.__ATN) {
            CELLegacyParser.__ATN = new antlr.ATNDeserializer().deserialize(CELLegacyParser._serializedATN);
        }

        return CELLegacyParser.__ATN;
    }


    private static readonly vocabulary = new antlr.Vocabulary(CELLegacyParser.literalNames, CELLegacyParser.symbolicNames, []);

    public override get vocabulary(): antlr.Vocabulary {
        return CELLegacyParser.vocabulary;
    }

    private static readonly decisionsToDFA = CELLegacyParser._ATN.decisionToState.map( (ds: antlr.DecisionState, index: number) => new antlr.DFA(ds, index) );
}

export class StartContext extends antlr.ParserRuleContext {
    public _e?: ExprContext;
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public EOF(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.EOF, 0)!;
    }
    public expr(): ExprContext {
        return this.getRuleContext(0, ExprContext)!;
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_start;
    }
}


export class ExprContext extends antlr.ParserRuleContext {
    public _e?: ConditionalOrContext;
    public _op?: Token | null;
    public _e1?: ConditionalOrContext;
    public _e2?: ExprContext;
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public conditionalOr(): ConditionalOrContext[];
    public conditionalOr(i: number): ConditionalOrContext | null;
    public conditionalOr(i?: number): ConditionalOrContext[] | ConditionalOrContext | null {
        if (i === undefined) {
            return this.getRuleContexts(ConditionalOrContext);
        }

        return this.getRuleContext(i, ConditionalOrContext);
    }
    public COLON(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.COLON, 0);
    }
    public QUESTIONMARK(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.QUESTIONMARK, 0);
    }
    public expr(): ExprContext | null {
        return this.getRuleContext(0, ExprContext);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_expr;
    }
}


export class ConditionalOrContext extends antlr.ParserRuleContext {
    public _e?: ConditionalAndContext;
    public _s9?: Token | null;
    public _ops: antlr.Token[] = [];
    public _conditionalAnd?: ConditionalAndContext;
    public _e1: ConditionalAndContext[] = [];
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public conditionalAnd(): ConditionalAndContext[];
    public conditionalAnd(i: number): ConditionalAndContext | null;
    public conditionalAnd(i?: number): ConditionalAndContext[] | ConditionalAndContext | null {
        if (i === undefined) {
            return this.getRuleContexts(ConditionalAndContext);
        }

        return this.getRuleContext(i, ConditionalAndContext);
    }
    public LOGICAL_OR(): antlr.TerminalNode[];
    public LOGICAL_OR(i: number): antlr.TerminalNode | null;
    public LOGICAL_OR(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.LOGICAL_OR);
    	} else {
    		return this.getToken(CELLegacyParser.LOGICAL_OR, i);
    	}
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_conditionalOr;
    }
}


export class ConditionalAndContext extends antlr.ParserRuleContext {
    public _e?: RelationContext;
    public _s8?: Token | null;
    public _ops: antlr.Token[] = [];
    public _relation?: RelationContext;
    public _e1: RelationContext[] = [];
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public relation(): RelationContext[];
    public relation(i: number): RelationContext | null;
    public relation(i?: number): RelationContext[] | RelationContext | null {
        if (i === undefined) {
            return this.getRuleContexts(RelationContext);
        }

        return this.getRuleContext(i, RelationContext);
    }
    public LOGICAL_AND(): antlr.TerminalNode[];
    public LOGICAL_AND(i: number): antlr.TerminalNode | null;
    public LOGICAL_AND(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.LOGICAL_AND);
    	} else {
    		return this.getToken(CELLegacyParser.LOGICAL_AND, i);
    	}
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_conditionalAnd;
    }
}


export class RelationContext extends antlr.ParserRuleContext {
    public _op?: Token | null;
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public calc(): CalcContext | null {
        return this.getRuleContext(0, CalcContext);
    }
    public relation(): RelationContext[];
    public relation(i: number): RelationContext | null;
    public relation(i?: number): RelationContext[] | RelationContext | null {
        if (i === undefined) {
            return this.getRuleContexts(RelationContext);
        }

        return this.getRuleContext(i, RelationContext);
    }
    public LESS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.LESS, 0);
    }
    public LESS_EQUALS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.LESS_EQUALS, 0);
    }
    public GREATER_EQUALS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.GREATER_EQUALS, 0);
    }
    public GREATER(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.GREATER, 0);
    }
    public EQUALS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.EQUALS, 0);
    }
    public NOT_EQUALS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.NOT_EQUALS, 0);
    }
    public IN(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.IN, 0);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_relation;
    }
}


export class CalcContext extends antlr.ParserRuleContext {
    public _op?: Token | null;
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public unary(): UnaryContext | null {
        return this.getRuleContext(0, UnaryContext);
    }
    public calc(): CalcContext[];
    public calc(i: number): CalcContext | null;
    public calc(i?: number): CalcContext[] | CalcContext | null {
        if (i === undefined) {
            return this.getRuleContexts(CalcContext);
        }

        return this.getRuleContext(i, CalcContext);
    }
    public STAR(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.STAR, 0);
    }
    public SLASH(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.SLASH, 0);
    }
    public PERCENT(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.PERCENT, 0);
    }
    public PLUS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.PLUS, 0);
    }
    public MINUS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.MINUS, 0);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_calc;
    }
}


export class UnaryContext extends antlr.ParserRuleContext {
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_unary;
    }
    public override copyFrom(ctx: UnaryContext): void {
        super.copyFrom(ctx);
    }
}
export class MemberExprContext extends UnaryContext {
    public constructor(ctx: UnaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public member(): MemberContext {
        return this.getRuleContext(0, MemberContext)!;
    }
}
export class LogicalNotContext extends UnaryContext {
    public _s19?: Token | null;
    public _ops: antlr.Token[] = [];
    public constructor(ctx: UnaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public member(): MemberContext {
        return this.getRuleContext(0, MemberContext)!;
    }
    public EXCLAM(): antlr.TerminalNode[];
    public EXCLAM(i: number): antlr.TerminalNode | null;
    public EXCLAM(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.EXCLAM);
    	} else {
    		return this.getToken(CELLegacyParser.EXCLAM, i);
    	}
    }
}
export class NegateContext extends UnaryContext {
    public _s18?: Token | null;
    public _ops: antlr.Token[] = [];
    public constructor(ctx: UnaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public member(): MemberContext {
        return this.getRuleContext(0, MemberContext)!;
    }
    public MINUS(): antlr.TerminalNode[];
    public MINUS(i: number): antlr.TerminalNode | null;
    public MINUS(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.MINUS);
    	} else {
    		return this.getToken(CELLegacyParser.MINUS, i);
    	}
    }
}


export class MemberContext extends antlr.ParserRuleContext {
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_member;
    }
    public override copyFrom(ctx: MemberContext): void {
        super.copyFrom(ctx);
    }
}
export class PrimaryExprContext extends MemberContext {
    public constructor(ctx: MemberContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public primary(): PrimaryContext {
        return this.getRuleContext(0, PrimaryContext)!;
    }
}
export class SelectContext extends MemberContext {
    public _op?: Token | null;
    public _opt?: Token | null;
    public _id?: Token | null;
    public constructor(ctx: MemberContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public member(): MemberContext {
        return this.getRuleContext(0, MemberContext)!;
    }
    public DOT(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.DOT, 0)!;
    }
    public IDENTIFIER(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.IDENTIFIER, 0)!;
    }
    public QUESTIONMARK(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.QUESTIONMARK, 0);
    }
}
export class MemberCallContext extends MemberContext {
    public _op?: Token | null;
    public _id?: Token | null;
    public _open?: Token | null;
    public _args?: ExprListContext;
    public constructor(ctx: MemberContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public member(): MemberContext {
        return this.getRuleContext(0, MemberContext)!;
    }
    public RPAREN(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.RPAREN, 0)!;
    }
    public DOT(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.DOT, 0)!;
    }
    public IDENTIFIER(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.IDENTIFIER, 0)!;
    }
    public LPAREN(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.LPAREN, 0)!;
    }
    public exprList(): ExprListContext | null {
        return this.getRuleContext(0, ExprListContext);
    }
}
export class IndexContext extends MemberContext {
    public _op?: Token | null;
    public _opt?: Token | null;
    public _index?: ExprContext;
    public constructor(ctx: MemberContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public member(): MemberContext {
        return this.getRuleContext(0, MemberContext)!;
    }
    public RPRACKET(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.RPRACKET, 0)!;
    }
    public LBRACKET(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.LBRACKET, 0)!;
    }
    public expr(): ExprContext {
        return this.getRuleContext(0, ExprContext)!;
    }
    public QUESTIONMARK(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.QUESTIONMARK, 0);
    }
}


export class PrimaryContext extends antlr.ParserRuleContext {
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_primary;
    }
    public override copyFrom(ctx: PrimaryContext): void {
        super.copyFrom(ctx);
    }
}
export class IdentOrGlobalCallContext extends PrimaryContext {
    public _leadingDot?: Token | null;
    public _id?: Token | null;
    public _op?: Token | null;
    public _args?: ExprListContext;
    public constructor(ctx: PrimaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public IDENTIFIER(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.IDENTIFIER, 0)!;
    }
    public RPAREN(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.RPAREN, 0);
    }
    public DOT(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.DOT, 0);
    }
    public LPAREN(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.LPAREN, 0);
    }
    public exprList(): ExprListContext | null {
        return this.getRuleContext(0, ExprListContext);
    }
}
export class NestedContext extends PrimaryContext {
    public _e?: ExprContext;
    public constructor(ctx: PrimaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public LPAREN(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.LPAREN, 0)!;
    }
    public RPAREN(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.RPAREN, 0)!;
    }
    public expr(): ExprContext {
        return this.getRuleContext(0, ExprContext)!;
    }
}
export class CreateListContext extends PrimaryContext {
    public _op?: Token | null;
    public _elems?: ListInitContext;
    public constructor(ctx: PrimaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public RPRACKET(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.RPRACKET, 0)!;
    }
    public LBRACKET(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.LBRACKET, 0)!;
    }
    public COMMA(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.COMMA, 0);
    }
    public listInit(): ListInitContext | null {
        return this.getRuleContext(0, ListInitContext);
    }
}
export class CreateStructContext extends PrimaryContext {
    public _op?: Token | null;
    public _entries?: MapInitializerListContext;
    public constructor(ctx: PrimaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public RBRACE(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.RBRACE, 0)!;
    }
    public LBRACE(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.LBRACE, 0)!;
    }
    public COMMA(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.COMMA, 0);
    }
    public mapInitializerList(): MapInitializerListContext | null {
        return this.getRuleContext(0, MapInitializerListContext);
    }
}
export class CreateMessageContext extends PrimaryContext {
    public _leadingDot?: Token | null;
    public _IDENTIFIER?: Token | null;
    public _ids: antlr.Token[] = [];
    public _s16?: Token | null;
    public _ops: antlr.Token[] = [];
    public _op?: Token | null;
    public _entries?: FieldInitializerListContext;
    public constructor(ctx: PrimaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public RBRACE(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.RBRACE, 0)!;
    }
    public IDENTIFIER(): antlr.TerminalNode[];
    public IDENTIFIER(i: number): antlr.TerminalNode | null;
    public IDENTIFIER(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.IDENTIFIER);
    	} else {
    		return this.getToken(CELLegacyParser.IDENTIFIER, i);
    	}
    }
    public LBRACE(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.LBRACE, 0)!;
    }
    public COMMA(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.COMMA, 0);
    }
    public DOT(): antlr.TerminalNode[];
    public DOT(i: number): antlr.TerminalNode | null;
    public DOT(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.DOT);
    	} else {
    		return this.getToken(CELLegacyParser.DOT, i);
    	}
    }
    public fieldInitializerList(): FieldInitializerListContext | null {
        return this.getRuleContext(0, FieldInitializerListContext);
    }
}
export class ConstantLiteralContext extends PrimaryContext {
    public constructor(ctx: PrimaryContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public literal(): LiteralContext {
        return this.getRuleContext(0, LiteralContext)!;
    }
}


export class ExprListContext extends antlr.ParserRuleContext {
    public _expr?: ExprContext;
    public _e: ExprContext[] = [];
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public expr(): ExprContext[];
    public expr(i: number): ExprContext | null;
    public expr(i?: number): ExprContext[] | ExprContext | null {
        if (i === undefined) {
            return this.getRuleContexts(ExprContext);
        }

        return this.getRuleContext(i, ExprContext);
    }
    public COMMA(): antlr.TerminalNode[];
    public COMMA(i: number): antlr.TerminalNode | null;
    public COMMA(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.COMMA);
    	} else {
    		return this.getToken(CELLegacyParser.COMMA, i);
    	}
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_exprList;
    }
}


export class ListInitContext extends antlr.ParserRuleContext {
    public _optExpr?: OptExprContext;
    public _elems: OptExprContext[] = [];
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public optExpr(): OptExprContext[];
    public optExpr(i: number): OptExprContext | null;
    public optExpr(i?: number): OptExprContext[] | OptExprContext | null {
        if (i === undefined) {
            return this.getRuleContexts(OptExprContext);
        }

        return this.getRuleContext(i, OptExprContext);
    }
    public COMMA(): antlr.TerminalNode[];
    public COMMA(i: number): antlr.TerminalNode | null;
    public COMMA(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.COMMA);
    	} else {
    		return this.getToken(CELLegacyParser.COMMA, i);
    	}
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_listInit;
    }
}


export class FieldInitializerListContext extends antlr.ParserRuleContext {
    public _optField?: OptFieldContext;
    public _fields: OptFieldContext[] = [];
    public _s21?: Token | null;
    public _cols: antlr.Token[] = [];
    public _expr?: ExprContext;
    public _values: ExprContext[] = [];
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public optField(): OptFieldContext[];
    public optField(i: number): OptFieldContext | null;
    public optField(i?: number): OptFieldContext[] | OptFieldContext | null {
        if (i === undefined) {
            return this.getRuleContexts(OptFieldContext);
        }

        return this.getRuleContext(i, OptFieldContext);
    }
    public COLON(): antlr.TerminalNode[];
    public COLON(i: number): antlr.TerminalNode | null;
    public COLON(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.COLON);
    	} else {
    		return this.getToken(CELLegacyParser.COLON, i);
    	}
    }
    public expr(): ExprContext[];
    public expr(i: number): ExprContext | null;
    public expr(i?: number): ExprContext[] | ExprContext | null {
        if (i === undefined) {
            return this.getRuleContexts(ExprContext);
        }

        return this.getRuleContext(i, ExprContext);
    }
    public COMMA(): antlr.TerminalNode[];
    public COMMA(i: number): antlr.TerminalNode | null;
    public COMMA(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.COMMA);
    	} else {
    		return this.getToken(CELLegacyParser.COMMA, i);
    	}
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_fieldInitializerList;
    }
}


export class OptFieldContext extends antlr.ParserRuleContext {
    public _opt?: Token | null;
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public IDENTIFIER(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.IDENTIFIER, 0)!;
    }
    public QUESTIONMARK(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.QUESTIONMARK, 0);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_optField;
    }
}


export class MapInitializerListContext extends antlr.ParserRuleContext {
    public _optExpr?: OptExprContext;
    public _keys: OptExprContext[] = [];
    public _s21?: Token | null;
    public _cols: antlr.Token[] = [];
    public _expr?: ExprContext;
    public _values: ExprContext[] = [];
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public optExpr(): OptExprContext[];
    public optExpr(i: number): OptExprContext | null;
    public optExpr(i?: number): OptExprContext[] | OptExprContext | null {
        if (i === undefined) {
            return this.getRuleContexts(OptExprContext);
        }

        return this.getRuleContext(i, OptExprContext);
    }
    public COLON(): antlr.TerminalNode[];
    public COLON(i: number): antlr.TerminalNode | null;
    public COLON(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.COLON);
    	} else {
    		return this.getToken(CELLegacyParser.COLON, i);
    	}
    }
    public expr(): ExprContext[];
    public expr(i: number): ExprContext | null;
    public expr(i?: number): ExprContext[] | ExprContext | null {
        if (i === undefined) {
            return this.getRuleContexts(ExprContext);
        }

        return this.getRuleContext(i, ExprContext);
    }
    public COMMA(): antlr.TerminalNode[];
    public COMMA(i: number): antlr.TerminalNode | null;
    public COMMA(i?: number): antlr.TerminalNode | null | antlr.TerminalNode[] {
    	if (i === undefined) {
    		return this.getTokens(CELLegacyParser.COMMA);
    	} else {
    		return this.getToken(CELLegacyParser.COMMA, i);
    	}
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_mapInitializerList;
    }
}


export class OptExprContext extends antlr.ParserRuleContext {
    public _opt?: Token | null;
    public _e?: ExprContext;
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public expr(): ExprContext {
        return this.getRuleContext(0, ExprContext)!;
    }
    public QUESTIONMARK(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.QUESTIONMARK, 0);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_optExpr;
    }
}


export class LiteralContext extends antlr.ParserRuleContext {
    public constructor(parent: antlr.ParserRuleContext | null, invokingState: number) {
        super(parent, invokingState);
    }
    public override get ruleIndex(): number {
        return CELLegacyParser.RULE_literal;
    }
    public override copyFrom(ctx: LiteralContext): void {
        super.copyFrom(ctx);
    }
}
export class IntContext extends LiteralContext {
    public _sign?: Token | null;
    public _tok?: Token | null;
    public constructor(ctx: LiteralContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public NUM_INT(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.NUM_INT, 0)!;
    }
    public MINUS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.MINUS, 0);
    }
}
export class UintContext extends LiteralContext {
    public _tok?: Token | null;
    public constructor(ctx: LiteralContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public NUM_UINT(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.NUM_UINT, 0)!;
    }
}
export class DoubleContext extends LiteralContext {
    public _sign?: Token | null;
    public _tok?: Token | null;
    public constructor(ctx: LiteralContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public NUM_FLOAT(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.NUM_FLOAT, 0)!;
    }
    public MINUS(): antlr.TerminalNode | null {
        return this.getToken(CELLegacyParser.MINUS, 0);
    }
}
export class StringContext extends LiteralContext {
    public _tok?: Token | null;
    public constructor(ctx: LiteralContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public STRING(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.STRING, 0)!;
    }
}
export class BytesContext extends LiteralContext {
    public _tok?: Token | null;
    public constructor(ctx: LiteralContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public BYTES(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.BYTES, 0)!;
    }
}
export class BoolTrueContext extends LiteralContext {
    public _tok?: Token | null;
    public constructor(ctx: LiteralContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public CEL_TRUE(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.CEL_TRUE, 0)!;
    }
}
export class BoolFalseContext extends LiteralContext {
    public _tok?: Token | null;
    public constructor(ctx: LiteralContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public CEL_FALSE(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.CEL_FALSE, 0)!;
    }
}
export class NullContext extends LiteralContext {
    public _tok?: Token | null;
    public constructor(ctx: LiteralContext) {
        super(ctx.parent, ctx.invokingState);
        super.copyFrom(ctx);
    }
    public NUL(): antlr.TerminalNode {
        return this.getToken(CELLegacyParser.NUL, 0)!;
    }
}
