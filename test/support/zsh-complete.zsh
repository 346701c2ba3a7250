#!/usr/bin/env zsh
# Prints, one per line, the candidates zsh's completion system offers for a command line, with
# the completion script $1 loaded: `zsh -f zsh-complete.zsh SCRIPT 'celgate ch'`.
# An interactive zsh runs in a pseudo-terminal (zsh/zpty); compadd is wrapped to print what the
# completion functions add, and the shell exits once completion is done (comppostfuncs).
zmodload zsh/zpty || exit 2
script=$1
line=$2
zpty celgate_pty zsh -f -i || exit 2
zpty -w celgate_pty "PROMPT= RPROMPT= ; unsetopt zle_bracketed_paste 2>/dev/null"
zpty -w celgate_pty 'autoload -U compinit && compinit -u -D'
zpty -w celgate_pty "source ${(q)script}"
zpty -w celgate_pty 'compadd () {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  local -a __hits
  builtin compadd -A __hits "$@"
  local __ret=$?
  local __hit
  for __hit in $__hits; do print -r -- "<<celgate""-hit:${__hit}>>"; done
  return $__ret
}'
zpty -w celgate_pty 'zstyle ":completion:*" list-prompt ""; zstyle ":completion:*" select-prompt ""'
zpty -w celgate_pty 'comppostfuncs=(exit)'
zpty -w -n celgate_pty "${line}"$'\t'
integer tries=0
local chunk out
while (( tries++ < 500 )); do
  if zpty -r -t celgate_pty chunk; then
    out+=$chunk
  elif ! zpty -t celgate_pty 2>/dev/null; then
    break
  else
    sleep 0.01
  fi
done
zpty -d celgate_pty
# The terminal echoes the typed definitions too: the marker is split in them ("<<celgate""-hit:").
print -r -- ${(F)${(M)${(f)out}:#*<<celgate-hit:*>>*}} | sed -n 's/.*<<celgate-hit:\(.*\)>>.*/\1/p' | tr -d '\r' | sort -u
