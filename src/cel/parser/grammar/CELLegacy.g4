// The CEL expression grammar as cel-go up to 0.22 parses it: CEL.g4 without backtick-escaped
// field names (no escapeIdent rule, no ESC_IDENTIFIER token) and with identifiers and global
// calls in one alternative (IdentOrGlobalCall). Everything else is CEL.g4; keep them in step.
// Written from the language definition, cel-spec doc/langdef.md ("Syntax" and "Lexical
// Rules"). Syntax errors must read exactly as cel-go's, and ANTLR's messages depend on the
// grammar's shape, so the shape follows what cel-go generates its parser from:
//   - rule names appear in "rule <name> failed predicate" and must stay;
//   - token types are numbered in the order the lexer rules below are written, and that order
//     sorts every "expecting {...}" set;
//   - the order of alternatives decides which one an ambiguous prediction picks;
//   - the labels (e=, op=, ops+=, ...) are what the AST builder reads (builder.ts).
// Regenerate with `npm run generate:cel-parser`.

grammar CELLegacy;

// --- Syntax (langdef.md) ---------------------------------------------------------------

start
    : e=expr EOF
    ;

// Expr = ConditionalOr ["?" ConditionalOr ":" Expr]
expr
    : e=conditionalOr (op='?' e1=conditionalOr ':' e2=expr)?
    ;

// ConditionalOr = [ConditionalOr "||"] ConditionalAnd, kept as a flat list.
conditionalOr
    : e=conditionalAnd (ops+='||' e1+=conditionalAnd)*
    ;

// ConditionalAnd = [ConditionalAnd "&&"] Relation, kept as a flat list.
conditionalAnd
    : e=relation (ops+='&&' e1+=relation)*
    ;

// Relation = [Relation Relop] Addition
relation
    : calc
    | relation op=('<' | '<=' | '>=' | '>' | '==' | '!=' | 'in') relation
    ;

// Addition and Multiplication in one left-recursive rule: '*' '/' '%' bind tighter.
calc
    : unary
    | calc op=('*' | '/' | '%') calc
    | calc op=('+' | '-') calc
    ;

// Unary = Member | "!" {"!"} Member | "-" {"-"} Member
unary
    : member                     # MemberExpr
    | (ops+='!')+ member         # LogicalNot
    | (ops+='-')+ member         # Negate
    ;

// Member = Primary | Member "." SELECTOR ["(" [ExprList] ")"] | Member "[" Expr "]",
// with the optional-field forms ".?" and "[?".
member
    : primary                                                   # PrimaryExpr
    | member op='.' (opt='?')? id=IDENTIFIER                    # Select
    | member op='.' id=IDENTIFIER open='(' args=exprList? ')'   # MemberCall
    | member op='[' (opt='?')? index=expr ']'                   # Index
    ;

// Primary: identifiers and global calls, nesting, list, map and message construction, and
// literals.
primary
    : leadingDot='.'? id=IDENTIFIER (op='(' args=exprList? ')')?          # IdentOrGlobalCall
    | '(' e=expr ')'                                                      # Nested
    | op='[' elems=listInit? ','? ']'                                     # CreateList
    | op='{' entries=mapInitializerList? ','? '}'                         # CreateStruct
    | leadingDot='.'? ids+=IDENTIFIER (ops+='.' ids+=IDENTIFIER)*
          op='{' entries=fieldInitializerList? ','? '}'                   # CreateMessage
    | literal                                                             # ConstantLiteral
    ;

exprList
    : e+=expr (',' e+=expr)*
    ;

listInit
    : elems+=optExpr (',' elems+=optExpr)*
    ;

fieldInitializerList
    : fields+=optField cols+=':' values+=expr
      (',' fields+=optField cols+=':' values+=expr)*
    ;

optField
    : (opt='?')? IDENTIFIER
    ;

mapInitializerList
    : keys+=optExpr cols+=':' values+=expr
      (',' keys+=optExpr cols+=':' values+=expr)*
    ;

optExpr
    : (opt='?')? e=expr
    ;

// The sign of a negative number belongs to the literal (so -9223372036854775808 is an int).
literal
    : sign='-'? tok=NUM_INT      # Int
    | tok=NUM_UINT               # Uint
    | sign='-'? tok=NUM_FLOAT    # Double
    | tok=STRING                 # String
    | tok=BYTES                  # Bytes
    | tok='true'                 # BoolTrue
    | tok='false'                # BoolFalse
    | tok='null'                 # Null
    ;

// --- Lexical rules (langdef.md) ----------------------------------------------------------
// Keywords come before IDENTIFIER so that an equally long match is the keyword.

EQUALS         : '==' ;
NOT_EQUALS     : '!=' ;
IN             : 'in' ;
LESS           : '<' ;
LESS_EQUALS    : '<=' ;
GREATER_EQUALS : '>=' ;
GREATER        : '>' ;
LOGICAL_AND    : '&&' ;
LOGICAL_OR     : '||' ;
LBRACKET       : '[' ;
RPRACKET       : ']' ;
LBRACE         : '{' ;
RBRACE         : '}' ;
LPAREN         : '(' ;
RPAREN         : ')' ;
DOT            : '.' ;
COMMA          : ',' ;
MINUS          : '-' ;
EXCLAM         : '!' ;
QUESTIONMARK   : '?' ;
COLON          : ':' ;
PLUS           : '+' ;
STAR           : '*' ;
SLASH          : '/' ;
PERCENT        : '%' ;
CEL_TRUE       : 'true' ;
CEL_FALSE      : 'false' ;
NUL            : 'null' ;

// WHITESPACE ::= [\t\n\f\r ]+ and COMMENT ::= '//' ~NEWLINE*, both ignored by the parser.
WHITESPACE : [\t\n\f\r ]+ -> channel(HIDDEN) ;
COMMENT    : '//' ~'\n'* -> channel(HIDDEN) ;

// FLOAT_LIT ::= DIGIT* . DIGIT+ EXPONENT? | DIGIT+ EXPONENT
NUM_FLOAT
    : DIGIT+ '.' DIGIT+ EXPONENT?
    | DIGIT+ EXPONENT
    | '.' DIGIT+ EXPONENT?
    ;

// INT_LIT ::= DIGIT+ | 0x HEXDIGIT+
NUM_INT
    : DIGIT+
    | '0x' HEXDIGIT+
    ;

// UINT_LIT ::= INT_LIT [uU]
NUM_UINT
    : DIGIT+ [uU]
    | '0x' HEXDIGIT+ [uU]
    ;

// STRING_LIT: quoted with " or ', single-line, or tripled and spanning lines (ending at the
// first closing triple); an r/R prefix turns escapes off.
STRING
    : '"' (ESCAPE | ~[\\"\n\r])* '"'
    | '\'' (ESCAPE | ~[\\'\n\r])* '\''
    | '"""' (ESCAPE | ~'\\')*? '"""'
    | '\'\'\'' (ESCAPE | ~'\\')*? '\'\'\''
    | [rR] '"' ~["\n\r]* '"'
    | [rR] '\'' ~['\n\r]* '\''
    | [rR] '"""' .*? '"""'
    | [rR] '\'\'\'' .*? '\'\'\''
    ;

// BYTES_LIT ::= [bB] STRING_LIT
BYTES : [bB] STRING ;

// IDENT ::= [_a-zA-Z][_a-zA-Z0-9]* (reserved words are rejected by the AST builder).
IDENTIFIER : [_a-zA-Z] [_a-zA-Z0-9]* ;

fragment DIGIT    : [0-9] ;
fragment HEXDIGIT : [0-9a-fA-F] ;
fragment EXPONENT : [eE] [+\-]? DIGIT+ ;

// ESCAPE ::= \ [abfnrtv\?"'`] | \ [xX] HEX HEX | \u HEX{4} | \U HEX{8} | \ [0-3][0-7][0-7]
fragment ESCAPE
    : '\\' [abfnrtv"'\\?`]
    | '\\' [xX] HEXDIGIT HEXDIGIT
    | '\\u' HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT
    | '\\U' HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT HEXDIGIT
    | '\\' [0-3] [0-7] [0-7]
    ;
