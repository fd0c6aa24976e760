#!/usr/bin/env bash
# A single-node Slurm cluster on localhost from Debian's packages (slurm-wlm, munge): starts
# munged, slurmctld and slurmd with a private configuration, submits
# examples/slurm/figure2cd.sbatch as a job array (sbatch --array=0-N), waits, merges the parts
# and compares the bytes with the unsharded run. Stops the daemons it started. Needs root (or
# sudo) to install the packages and to run slurmd.
#
#   bash scripts/slurm-local.sh [SHARDS] [--set k=v]...
#       default: 3 shards of figure2cd with K=4, N_values=[10,100] (about a minute)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PRIVLAB=${PRIVLAB:-$ROOT/build/bin/privlab}
SHARDS=${1:-3}; shift || true
SETS=${*:---set K=4 --set N_values=[10,100] --set problems=[\"nunp\",\"rurp\"]}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    { as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge; break; }
done
[ -x "$PRIVLAB" ] || { echo "build privlab first ($PRIVLAB)"; exit 1; }

work=$(mktemp -d /tmp/privlab-slurm.XXXXXX); chmod 755 "$work"
pids=()
cleanup() {
  SLURM_CONF=$work/slurm.conf scontrol shutdown >/dev/null 2>&1 || true
  sleep 1
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
start=$(date +%s)

# munge: a private key and socket, so a munged of the host is left alone.
mkdir -p "$work/munge"; chown munge: "$work/munge"; chmod 711 "$work/munge"  # munged wants its socket directory searchable
as_root runuser -u munge -- mungekey --create --keyfile "$work/munge/munge.key" 2>/dev/null ||
  as_root runuser -u munge -- sh -c "dd if=/dev/urandom bs=1 count=1024 of=$work/munge/munge.key 2>/dev/null && chmod 400 $work/munge/munge.key"
as_root runuser -u munge -- munged --key-file "$work/munge/munge.key" --socket "$work/munge/munge.sock" \
  --pid-file "$work/munge/munged.pid" --log-file "$work/munge/munged.log" --seed-file "$work/munge/seed"
for _ in $(seq 50); do [ -s "$work/munge/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/munge/munged.pid")")

host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$work/state" "$work/spool" "$work/log"
cat > "$work/slurm.conf" <<EOF
ClusterName=privlab-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf
slurmctld -f "$SLURM_CONF"
for _ in $(seq 100); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmctld.pid")")
slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do [ -s "$work/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmd.pid")")
for _ in $(seq 120); do sinfo -h -o %T 2>/dev/null | grep -q idle && break; sleep 0.5; done
sinfo -h -o '%P %T %c' | grep -q idle || { echo "the node did not come up:"; tail -20 "$work"/log/*.log; exit 1; }
up=$(date +%s)
echo "slurm: single-node cluster up in $((up - start)) s ($cpus CPUs)"

# The job array, then the merge; and the unsharded run to compare with.
cd "$work"
export PRIVLAB PRIVLAB_SETS="$SETS" PARTS="$work/parts"
sbatch --wait --array=0-$((SHARDS - 1)) --export=ALL \
  --output="$work/log/task-%a.out" "$ROOT/examples/slurm/figure2cd.sbatch" ||
  { echo "the job array failed:"; tail -5 "$work"/log/task-*.out; exit 1; }
done_array=$(date +%s)
"$PRIVLAB" merge --out "$work/merged" "$work"/parts/* >/dev/null 2>&1
set -f  # the parameters hold [ ] (no globbing)
# shellcheck disable=SC2086
"$PRIVLAB" experiment rldp-mse figure2cd $SETS --out "$work/whole" >/dev/null 2>&1
fail=0
for f in figure2cd.json figure2cd.csv figure2cd-1.svg figure2cd-2.svg; do cmp "$work/whole/$f" "$work/merged/$f" || fail=1; done
end=$(date +%s)
echo "slurm: array of $SHARDS tasks in $((done_array - up)) s; total $((end - start)) s"
if [ $fail = 0 ]; then echo "slurm: the merged array equals the unsharded run byte for byte"; else echo "slurm: FAIL, bytes differ"; fi
exit $fail
